// An emailed invitation followed as the invitee follows it (docs/product.md, "Teams"): the email comes in the
// team's language with a join link under that language's prefix; someone with no account signs up with the
// invited address (typed in another letter case) on the French page, gets a French activation email whose
// link goes on in French, and joins with the invitation's code. An invitation removed by the team, or
// one that finds no seat left, is refused in the invitee's French. The screens of the same way are
// tests/browser/teams-invite-journey.test.ts's.
import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '#shared/team-rules.ts';
import { callRoute, linkOf, mailsTo, newClientIp, newEmail, stack } from '../support/api.ts';
import { createLocalAccount, latestLinkSecret } from '../support/local-account.ts';
import { giveSeats, join } from '../support/teams.ts';

const NBSP = '\u00a0';

/** A team made from a French page (its emails are French), with `seats` seats. */
async function frenchTeam(seats: number) {
  const token = await createLocalAccount(stack(), newEmail('proprio'), { lang: 'fr' });
  const res = await callRoute('createTeam', { token, body: { name: 'Atelier Dupont', lang: 'fr' } });
  expect(res.status).toBe(201);
  if (seats) await giveSeats(res.body.team_id, seats);
  return { token, teamId: res.body.team_id };
}

/** The join code of the newest invitation mailed to `email`. */
async function invitationCode(email: string): Promise<string> {
  const mail = (await mailsTo(email)).find((m) => m.text.includes('/app/team?code='));
  const link = /https?:\/\/\S+\/app\/team\?code=[\w-]+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no invitation mailed to ${email}`);
  return new URL(link).searchParams.get('code') as string;
}

/** Signs up through POST /signup as typed (any case), opens the activation link mailed to `mailbox`. */
async function signUpAs(typed: string, mailbox: string, lang: 'en' | 'fr'): Promise<string> {
  const res = await fetch(`${stack().apiUrl}/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': newClientIp() },
    body: JSON.stringify({ email: typed, terms_accepted: true, lang }),
  });
  expect(res.status).toBe(200);
  const secret = await latestLinkSecret(stack(), mailbox);
  const opened = await fetch(`${stack().apiUrl}/login_with_token/${secret}`, {
    headers: { 'x-forwarded-for': newClientIp() },
  });
  expect(opened.status).toBe(200);
  return ((await opened.json()) as { access_token: string }).access_token;
}

async function invite(owner: { token: string; teamId: string }, email: string): Promise<string> {
  const res = await callRoute('teamInvites', {
    token: owner.token,
    params: { teamId: owner.teamId },
    body: { emails: [email] },
  });
  expect(res.status).toBe(200);
  return res.body.invited[0] as string;
}

/** A French team with `seats` seats that invited a new address: the team, the address, its join code. */
async function invitedToFrenchTeam(seats: number, name: string) {
  const owner = await frenchTeam(seats);
  const address = newEmail(name);
  await invite(owner, address);
  return { owner, address, code: await invitationCode(address) };
}

describe('an invitation to a French team', () => {
  it('is French, links under /fr, and joins an account signed up in French with the address in another case', async () => {
    const owner = await frenchTeam(1);
    const address = newEmail('camille');
    // The team types the address with capitals; the person signs up with it in lower case.
    const typed = address.replace(/^c/, 'C').replace('@example', '@Example');
    expect(await invite(owner, typed)).toBe(address);

    const [mail] = await mailsTo(address);
    if (!mail) throw new Error('no invitation mailed');
    expect(mail.subject).toBe('Atelier Dupont vous invite à créer votre photo professionnelle');
    expect(mail.text).toContain(
      `Atelier Dupont vous a réservé une place${NBSP}: importez quelques selfies et créez votre photo professionnelle, payée par votre équipe.`,
    );
    // Joining needs an account of this address: the email says so to someone who has none yet.
    expect(mail.text).toContain(
      `Pas encore de compte${NBSP}? Inscrivez-vous avec ${address}${NBSP}: l'invitation est réservée à cette adresse.`,
    );
    expect(mail.html).toContain('<html lang="fr">');
    const link = /https?:\/\/\S+\/app\/team\?code=[\w-]+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no join link in: ${mail.text}`);
    const url = new URL(link);
    expect(url.pathname).toBe('/fr/app/team');
    expect(mail.text).toContain(`Rejoindre l'équipe${NBSP}: ${link}`);
    const code = url.searchParams.get('code') as string;

    // No account yet: sign up on the French page, with the address in yet another case.
    const token = await signUpAs(address, address, 'fr');
    const activation = (await mailsTo(address)).find((m) => m.subject === 'Activez votre compte Aivatar');
    if (!activation) throw new Error('no French activation email');
    expect(linkOf(activation).lang).toBe('fr');

    const joined = await join(token, code);
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ team_id: owner.teamId });
    const members = await callRoute('teamMembers', { token: owner.token, params: { teamId: owner.teamId } });
    expect(members.body.members.filter((m) => m.email === address).map((m) => m.status)).toEqual(['joined']);
  }, 90_000);

  it('has the English below the French; its code previewed before an account, then as the member who joined', async () => {
    const { owner, address, code } = await invitedToFrenchTeam(1, 'paule');
    const [mail] = await mailsTo(address);
    const text = mail?.text ?? '';
    expect(text.indexOf('Atelier Dupont has a seat for you')).toBeGreaterThan(text.indexOf('vous a réservé'));
    // Signed out (the sign-up page's note): the team and the address to use, nothing else of the team.
    const before = await callRoute('joinPreview', { params: { code } });
    expect(before).toMatchObject({
      status: 200,
      body: { team_name: 'Atelier Dupont', lang: 'fr', kind: 'invite', email: address, status: 'valid' },
    });
    expect(before.body.team_id).toBeUndefined();
    const token = await createLocalAccount(stack(), address, { lang: 'fr' });
    expect((await join(token, code)).status).toBe(200);
    // Reopened from inside the team, with the session (the real handler's early session reads).
    const after = await callRoute('joinPreview', { token, params: { code } });
    expect(after.body).toMatchObject({ status: 'member', team_id: owner.teamId });
    // The owner writes the next invitations in English.
    const set = await callRoute('setTeamLanguage', {
      token: owner.token,
      params: { teamId: owner.teamId },
      body: { lang: 'en' },
    });
    expect(set).toMatchObject({ status: 200, body: { lang: 'en' } });
    expect((await callRoute('joinPreview', { params: { code } })).body.lang).toBe('en');
  }, 90_000);

  it('signed up with capitals, the invited address joins all the same', async () => {
    const { address, code } = await invitedToFrenchTeam(1, 'louise');
    const token = await signUpAs(address.toUpperCase(), address, 'fr');
    expect((await join(token, code)).status).toBe(200);
  }, 90_000);

  it('removed by the team, its link says so in French', async () => {
    const { owner, address, code } = await invitedToFrenchTeam(1, 'remi');
    const members = await callRoute('teamMembers', { token: owner.token, params: { teamId: owner.teamId } });
    const invited = members.body.members.find((m) => m.email === address);
    if (!invited) throw new Error('invitation not listed');
    const removed = await callRoute('removeMember', {
      token: owner.token,
      params: { teamId: owner.teamId, memberId: invited.member_id },
    });
    expect(removed.status).toBe(200);
    const token = await createLocalAccount(stack(), address, { lang: 'fr' });
    const res = await join(token, code);
    // Withdrawn, not unknown: the code is kept (marked) until it expires.
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe(TEAM_MESSAGES.linkRevoked.fr);
  }, 90_000);

  it('finding no seat left, says so in French', async () => {
    // Invitations need a free seat when they are sent (docs/product.md, "Emails a team sends"): a refund took
    // the team's one seat back since.
    const { owner, address, code } = await invitedToFrenchTeam(1, 'noe');
    await giveSeats(owner.teamId, 0);
    const token = await createLocalAccount(stack(), address, { lang: 'fr' });
    const res = await join(token, code);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'NO_SEAT', msg: TEAM_MESSAGES.noSeat.fr });
  }, 90_000);
});
