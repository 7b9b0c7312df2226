// The join screen and the sign-in pages' join note read the code's preview (GET /teams/join/{code},
// docs/product.md, "Teams"): "Join <team>" with an open link's domains or the address an invitation is
// for; the refusal a join would answer said before Join is pressed, in the page's language; one's own
// invitation reopened from inside the team leads to the team page. And the language: a French sign-in lands
// on the French join page whatever language the invitation's link was written in.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { JoinPreview } from '#shared/api-schemas.ts';
import { TEAM_MESSAGES, TEAM_VISIBILITY_NOTICE } from '#shared/team-rules.ts';
import { rememberReturn } from '../../web/src/lib/return-to.ts';
import { apiStub, fail, ok } from './support/api-stub.ts';
import { aUser, currentLocation, renderApp } from './support/render.tsx';

const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();
const where = () => currentLocation().pathname + currentLocation().search;
const LANGS = ['en', 'fr'] as const;
const prefix = (lang: 'en' | 'fr') => (lang === 'fr' ? '/fr' : '');

const preview = (over: Partial<JoinPreview> = {}): JoinPreview => ({
  team_name: 'Acme',
  lang: 'en',
  kind: 'link',
  domains: ['acme.test', 'acme-labs.test'],
  email: null,
  status: 'valid',
  ...over,
});

async function openJoin(lang: 'en' | 'fr', seen: JoinPreview | null, email = 'ana@acme.test') {
  apiStub.on('myTeam', fail(404, 'NOT_FOUND', 'none'));
  apiStub.on(
    'joinPreview',
    seen ? ok('joinPreview', seen) : fail(404, 'NOT_FOUND', TEAM_MESSAGES.linkNotFound.en),
  );
  return renderApp(`${prefix(lang)}/app/team?code=abc`, { as: aUser({ email }) });
}

const TITLE = { en: 'Join Acme', fr: 'Rejoindre Acme' } as const;

// A first render on a loaded machine can take more than the default 5 s.
describe('the join screen names the team before joining', { timeout: 15_000 }, () => {
  for (const lang of LANGS) {
    test(`${lang}: "Join Acme", the open link's domains, and Join`, async () => {
      const { user } = await openJoin(lang, preview());
      await screen.findByRole('heading', { name: TITLE[lang] });
      expect(plain(screen.getByTestId('join-domains').textContent)).toBe(
        lang === 'en'
          ? 'For email addresses ending in @acme.test, @acme-labs.test'
          : 'Pour les adresses e-mail se terminant par @acme.test, @acme-labs.test',
      );
      expect(screen.queryByTestId('join-refusal')).toBeNull();
      apiStub.on('joinTeam', ok('joinTeam', { team_id: 'team-1' }));
      await user.click(screen.getByTestId('join-team'));
      await waitFor(() => expect(apiStub.calls('joinTeam')).toHaveLength(1));
      expect(apiStub.calls('joinPreview')[0]?.params).toEqual({ code: 'abc' });
    });

    test(`${lang}: an invitation names the address it is for`, async () => {
      await openJoin(lang, preview({ kind: 'invite', domains: [], email: 'ana@acme.test' }));
      await screen.findByRole('heading', { name: TITLE[lang] });
      expect(screen.getByTestId('join-for').textContent).toBe(
        lang === 'en'
          ? 'This invitation is for ana@acme.test.'
          : 'Cette invitation est destinée à ana@acme.test.',
      );
      expect(screen.queryByTestId('join-domains')).toBeNull();
    });
  }
});

describe('the refusal a join would answer is said before Join is pressed', { timeout: 15_000 }, () => {
  const CASES: [string, Partial<JoinPreview>, Record<'en' | 'fr', string>][] = [
    [
      'an invitation for another address',
      { kind: 'invite', domains: [], email: 'camille@acme.test', status: 'for_another' },
      { en: TEAM_MESSAGES.inviteForAnother.en, fr: TEAM_MESSAGES.inviteForAnother.fr },
    ],
    [
      'an open link not for this account’s domain',
      { status: 'domain_refused' },
      { en: TEAM_MESSAGES.domainRefused.en, fr: TEAM_MESSAGES.domainRefused.fr },
    ],
    [
      'a revoked link',
      { status: 'revoked' },
      { en: TEAM_MESSAGES.linkRevoked.en, fr: TEAM_MESSAGES.linkRevoked.fr },
    ],
    [
      'an expired link',
      { status: 'expired' },
      { en: TEAM_MESSAGES.linkExpired.en, fr: TEAM_MESSAGES.linkExpired.fr },
    ],
    [
      'an open link used as many times as allowed',
      { status: 'used' },
      { en: TEAM_MESSAGES.capReached.en, fr: TEAM_MESSAGES.capReached.fr },
    ],
    [
      'an invitation already used',
      { kind: 'invite', domains: [], status: 'used' },
      {
        en: 'This invitation has already been used: ask your team admin for a new one',
        fr: "Cette invitation a déjà été utilisée\u00a0: demandez-en une nouvelle à l'administrateur de votre équipe",
      },
    ],
    [
      'someone in another team',
      { status: 'in_other_team' },
      { en: TEAM_MESSAGES.alreadyInTeam.en, fr: TEAM_MESSAGES.alreadyInTeam.fr },
    ],
  ];
  test.each(CASES.flatMap(([what, over, words]) => LANGS.map((lang) => ({ what, over, words, lang }))))(
    '$lang: $what',
    async ({ over, words, lang }) => {
      await openJoin(lang, preview(over));
      await screen.findByRole('heading', { name: TITLE[lang] });
      expect((await screen.findByTestId('join-refusal')).textContent).toBe(words[lang]);
      expect(screen.getByTestId('join-team')).toHaveProperty('disabled', true);
      expect(apiStub.calls('joinTeam')).toEqual([]);
    },
  );

  for (const lang of LANGS)
    test(`${lang}: a code that is none says so at once`, async () => {
      await openJoin(lang, null);
      expect((await screen.findByTestId('join-refusal')).textContent).toBe(TEAM_MESSAGES.linkNotFound[lang]);
      expect(screen.getByTestId('join-team')).toHaveProperty('disabled', true);
    });
});

describe('one’s own invitation reopened from inside the team', { timeout: 15_000 }, () => {
  for (const lang of LANGS)
    test(`${lang}: "You are already a member of Acme", a link to the team page, nothing to join`, async () => {
      const { user } = await openJoin(
        lang,
        preview({ kind: 'invite', domains: [], status: 'member', team_id: 'team-1' }),
      );
      await screen.findByRole('heading', {
        name: lang === 'en' ? 'You are already a member of Acme' : 'Vous êtes déjà membre de Acme',
      });
      expect(screen.queryByTestId('join-team')).toBeNull();
      expect(screen.queryByTestId('join-refusal')).toBeNull();
      const open = screen.getByTestId('open-team');
      expect(open.textContent).toBe(lang === 'en' ? 'Open my team page' : "Ouvrir ma page d'équipe");
      apiStub.on('myTeam', fail(404, 'NOT_FOUND', 'none'));
      await user.click(open);
      await waitFor(() => expect(where()).toBe(`${prefix(lang)}/app/team`));
    });
});

describe('the sign-in pages name the team and the address to use', { timeout: 15_000 }, () => {
  test('en, login: an invitation’s address', async () => {
    rememberReturn('/app/team?code=abc');
    apiStub.on(
      'joinPreview',
      ok('joinPreview', preview({ kind: 'invite', domains: [], email: 'ana@acme.test' })),
    );
    await renderApp('/login');
    expect(plain((await screen.findByTestId('join-team-note')).textContent)).toBe(
      'Acme invites you: use ana@acme.test, the address the invitation is for.',
    );
  });

  test('fr, sign-up: an open link’s domains', async () => {
    rememberReturn('/fr/app/team?code=link1');
    apiStub.on('joinPreview', ok('joinPreview', preview({ lang: 'fr' })));
    await renderApp('/fr/signup');
    expect(plain((await screen.findByTestId('join-team-note')).textContent)).toBe(
      'Acme vous invite : utilisez votre adresse professionnelle (@acme.test, @acme-labs.test).',
    );
    expect(plain(screen.getByTestId('join-note').textContent)).toContain(
      "Ouvrez le lien d'activation que nous vous envoyons",
    );
  });

  test('a code no longer usable names nothing', async () => {
    rememberReturn('/app/team?code=revoked1');
    apiStub.on('joinPreview', ok('joinPreview', preview({ status: 'revoked' })));
    await renderApp('/login');
    await screen.findByTestId('join-note');
    await waitFor(() => expect(apiStub.calls('joinPreview')).toHaveLength(1));
    expect(screen.queryByTestId('join-team-note')).toBeNull();
  });
});

describe('the join page keeps the language the person signed in with', () => {
  /** The activation link of someone who signed up on /fr/signup: its language, and the kept invitation. */
  async function activate(lang: 'en' | 'fr', kept: string) {
    apiStub.on('joinPreview', ok('joinPreview', preview()));
    apiStub.on('loginLinkPreview', ok('loginLinkPreview', { email: 'c•••@acme.test', same_browser: true }));
    apiStub.on('loginWithToken', ok('loginWithToken', { access_token: 'session-token', activated: true }));
    apiStub.on('userInfo', ok('userInfo', aUser({ email: 'camille@acme.test' })));
    apiStub.on('myTeam', fail(404, 'NOT_FOUND', 'none'));
    await renderApp(`/login_with_token?token=link-secret&lang=${lang}&return_to=${encodeURIComponent(kept)}`);
  }

  test('a French activation link carrying the English invitation lands on the French join page', async () => {
    await activate('fr', '/app/team?code=abc');
    await waitFor(() => expect(where()).toBe('/fr/app/team?code=abc'), { timeout: 5000 });
    await screen.findByRole('heading', { name: 'Rejoindre Acme' });
    expect(plain(screen.getByTestId('join-visibility').textContent)).toBe(plain(TEAM_VISIBILITY_NOTICE.fr));
  }, 20_000);

  test('an English activation link carrying the French invitation lands on the English join page', async () => {
    await activate('en', '/fr/app/team?code=abc');
    await waitFor(() => expect(where()).toBe('/app/team?code=abc'), { timeout: 5000 });
    await screen.findByRole('heading', { name: 'Join Acme' });
  }, 20_000);
});
