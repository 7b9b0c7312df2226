// The invitation email's languages (docs/product.md, "Teams"): written in the team's language (set when the
// team is made, changed on the team page: functions/teams/domain/team-language.ts), the other language below
// it, and one join link, to the team page in the team's language.
import { describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import { setTeamLanguage } from '../../functions/teams/domain/team-language.ts';
import { inviteMembers } from '../../functions/teams/domain/teams.ts';
import { TEAM_WEB_URL, teamWorld } from '../support/team-world.ts';

function world() {
  const w = teamWorld();
  const owned = (o: Partial<User>, lang: 'en' | 'fr') =>
    w.teamOf(w.user({ id: 'owner-1', email: 'boss@acme.test', ...o }), { name: 'Acme', lang }, 5);
  return { ...w, owned };
}

describe("an invitation's languages", () => {
  it('the invitation is written in the team’s language, the other one below, its link to the page in the team’s language', async () => {
    const w = world();
    const { owner, teamId } = await w.owned({ lang: 'en' }, 'fr');
    await inviteMembers(w.deps, owner, teamId, ['camille@elsewhere.test']);
    const [mail] = w.mailer.to('camille@elsewhere.test');
    const text = mail?.text ?? '';
    expect(mail?.subject).toBe('Acme vous invite à créer votre photo professionnelle');
    const french = text.indexOf('Acme vous a réservé une place\u00a0:');
    const english = text.indexOf('Acme has a seat for you: upload');
    expect(french).toBeGreaterThanOrEqual(0);
    expect(english).toBeGreaterThan(french);
    expect(text).toContain('Sign up with camille@elsewhere.test: the invitation is for this address.');
    expect(text.match(/\/app\/team\?code=/g)).toHaveLength(1);
    expect(text).toContain(`${TEAM_WEB_URL}/fr/app/team?code=`);
    expect(mail?.html).toContain('<tr><td lang="en"');
    expect(mail?.html.indexOf('lang="en"')).toBeGreaterThan(mail?.html.indexOf('vous a réservé') ?? -1);
  });

  it('the team’s language changed on the team page: the next invitation is English first, French below', async () => {
    const w = world();
    const { owner, teamId } = await w.owned({ lang: 'fr' }, 'fr');
    expect(await setTeamLanguage(w.deps, owner, teamId, 'en')).toEqual({ lang: 'en' });
    await inviteMembers(w.deps, owner, teamId, ['sam@elsewhere.test']);
    const [mail] = w.mailer.to('sam@elsewhere.test');
    expect(mail?.subject).toBe('Acme invites you to get your headshot');
    const text = mail?.text ?? '';
    expect(text.indexOf('Acme has a seat for you')).toBeLessThan(
      text.indexOf('Acme vous a réservé une place'),
    );
    expect(text).toContain(`${TEAM_WEB_URL}/app/team?code=`);
    expect(text).not.toContain('/fr/app/team');
  });
});
