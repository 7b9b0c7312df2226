// Teams on screen (docs/product.md, "Teams"): creating a team, the seats and their price, invitations and
// the open link, the team's looks, the members' dashboard and its downloads, a member's view, the join
// screen with every refusal in the page's language, a member's Create screen and "Chosen for my team". The
// API is the stub's; the rules the server holds are the integration tests'.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { MyTeam, TeamMember } from '#shared/api-schemas.ts';
import { TEAM_MESSAGES, TEAM_VISIBILITY_NOTICE } from '#shared/team-rules.ts';
import { apiStub, fail, ok } from './support/api-stub.ts';
import { aPhoto, aStyle, aTask, photoList } from './support/fixtures.ts';
import { aUser, currentLocation, renderApp } from './support/render.tsx';
import { aTeam, teamPageReads } from './support/team-fixtures.ts';

const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();
const NOW = Math.floor(Date.now() / 1000);

let assigned: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  assigned = [];
});
const watchNavigation = () =>
  vi.spyOn(window.location, 'assign').mockImplementation((url: string | URL) => {
    assigned.push(String(url));
  });

const aMember = (id: string, over: Partial<TeamMember> = {}): TeamMember => ({
  member_id: id,
  name: `Name ${id}`,
  email: `${id}@acme.test`,
  role: 'member',
  status: 'joined',
  has_seat: true,
  allowance_left: 40,
  allowance_total: 40,
  invited_at: NOW - 86_400,
  joined_at: NOW - 3600,
  left_at: null,
  reminded_at: null,
  chosen: null,
  ...over,
});

const CHOSEN = { task_id: 't1', file_name: 'ana.png', likeness: 91, chosen_at: NOW - 60 };

const STYLES = [
  aStyle(1, { name: 'Office Headshot', accepts_choices: true }),
  aStyle(2, { name: 'Fantasy' }),
];

function ownerReads(team: MyTeam, members: TeamMember[] = [aMember('m-owner', { role: 'owner' })]) {
  teamPageReads(team, { members, styles: STYLES });
}

describe('no team yet', () => {
  test('the form asks for a name, creates the team with its domains, and shows the dashboard', async () => {
    let team: MyTeam | null = null;
    apiStub.on('myTeam', () =>
      team ? ok('myTeam', team) : fail(404, 'NOT_FOUND', 'You do not belong to a team'),
    );
    apiStub.on('createTeam', () => {
      team = aTeam();
      return { status: 201, body: { team_id: 'team-1' } };
    });
    apiStub.on('listStyles', ok('listStyles', { success: true, styles: STYLES }));
    apiStub.on('teamInviteLinks', ok('teamInviteLinks', { links: [] }));
    apiStub.on(
      'teamMembers',
      ok('teamMembers', { members: [], seats_total: 0, seats_used: 0, next_cursor: null }),
    );
    apiStub.on('teamPurchases', ok('teamPurchases', { purchases: [] }));
    const { user } = await renderApp('/app/team', { as: aUser() });
    await screen.findByRole('heading', { name: 'Create your team' });
    expect(document.title).toBe('Team · Aivatar');
    await user.click(screen.getByTestId('create-team'));
    expect(screen.getByRole('alert').textContent).toBe("Enter the team's name");
    expect(apiStub.calls('createTeam')).toEqual([]);
    await user.type(screen.getByTestId('team-name'), ' Acme ');
    await user.type(screen.getByTestId('team-domains'), 'acme.test, acme.example');
    await user.click(screen.getByTestId('create-team'));
    await screen.findByTestId('team-seats');
    expect(apiStub.calls('createTeam')[0]?.body).toEqual({
      name: 'Acme',
      domains: ['acme.test', 'acme.example'],
      lang: 'en',
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Acme');
    expect(screen.getByTestId('team-role').textContent).toBe('Owner');
  });

  test('French: the form and its title', async () => {
    apiStub.on('myTeam', fail(404, 'NOT_FOUND', 'You do not belong to a team'));
    await renderApp('/fr/app/team', { as: aUser() });
    await screen.findByRole('heading', { name: 'Créez votre équipe' });
    expect(document.title).toBe('Équipe · Aivatar');
    expect(screen.getByRole('link', { name: 'Équipe' }).getAttribute('href')).toBe('/fr/app/team');
  });
});

describe('seats', () => {
  test.each([
    { path: '/app/team', used: '1 of 3 seats used', price: '€29', total: '€87', buy: 'Buy 3 seats' },
    {
      path: '/fr/app/team',
      used: '1 place utilisée sur 3',
      price: '29 €',
      total: '87 €',
      buy: 'Acheter 3 places',
    },
  ])('$path: used and bought, the price per seat and the total, then Stripe Checkout', async (c) => {
    ownerReads(aTeam());
    apiStub.on('teamSeatCheckout', ok('teamSeatCheckout', { url: 'https://checkout.stripe.test/c/1' }));
    watchNavigation();
    const { user } = await renderApp(c.path, { as: aUser() });
    const card = await screen.findByTestId('team-seats');
    expect(plain(within(card).getByTestId('seats-used').textContent)).toBe(c.used);
    expect(plain(within(card).getByTestId('seat-price').textContent)).toBe(c.price);
    const quantity = within(card).getByTestId('seat-quantity');
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(plain(within(card).getByTestId('seat-total').textContent)).toBe(c.total);
    await user.click(within(card).getByRole('button', { name: c.buy }));
    await waitFor(() => expect(assigned).toEqual(['https://checkout.stripe.test/c/1']));
    expect(apiStub.calls('teamSeatCheckout')[0]?.body).toEqual({
      quantity: 3,
      lang: c.path.startsWith('/fr') ? 'fr' : 'en',
    });
    expect(apiStub.calls('teamSeatCheckout')[0]?.params).toEqual({ teamId: 'team-1' });
  });

  test.each([
    { path: '/app/team', used: 0, total: 1, text: '0 of 1 seat used' },
    { path: '/app/team', used: 2, total: 3, text: '2 of 3 seats used' },
    { path: '/fr/app/team', used: 0, total: 1, text: '0 place utilisée sur 1' },
    { path: '/fr/app/team', used: 2, total: 3, text: '2 places utilisées sur 3' },
  ])('$path: $text, in the plural rules of the language', async (c) => {
    ownerReads(aTeam({ seats_used: c.used, seats_total: c.total }));
    await renderApp(c.path, { as: aUser() });
    const card = await screen.findByTestId('team-seats');
    expect(plain(within(card).getByTestId('seats-used').textContent)).toBe(c.text);
  });

  test.each(['0', '501', '2.5'])('%s seats: no purchase, the range said', async (typed) => {
    ownerReads(aTeam());
    const { user } = await renderApp('/app/team', { as: aUser() });
    const card = await screen.findByTestId('team-seats');
    const quantity = within(card).getByTestId('seat-quantity');
    await user.clear(quantity);
    await user.type(quantity, typed);
    expect((within(card).getByTestId('buy-seats') as HTMLButtonElement).disabled).toBe(true);
    expect(within(card).getByText('Choose between 1 and 500 seats').className).toBe('field__error');
    expect(plain(within(card).getByTestId('seat-total').textContent)).toBe('–');
  });
});

describe('invitations', () => {
  test('a pasted list: who was invited, who was skipped and why, in French', async () => {
    ownerReads(aTeam());
    apiStub.on(
      'teamInvites',
      ok('teamInvites', {
        invited: ['ana@acme.test'],
        skipped: [
          { email: 'ana@acme.test', reason: 'duplicate' },
          { email: 'bad', reason: 'invalid' },
          { email: 'ben@acme.test', reason: 'member' },
        ],
      }),
    );
    const { user } = await renderApp('/fr/app/team', { as: aUser() });
    await user.click(await screen.findByTestId('send-invites'));
    expect(screen.getByRole('alert').textContent).toBe('Collez au moins une adresse e-mail');
    await user.type(screen.getByTestId('invite-emails'), 'ana@acme.test, ana@acme.test\nbad; ben@acme.test');
    await user.click(screen.getByTestId('send-invites'));
    const result = await screen.findByTestId('invite-result');
    expect(apiStub.calls('teamInvites')[0]?.body).toEqual({
      emails: ['ana@acme.test', 'ana@acme.test', 'bad', 'ben@acme.test'],
    });
    expect(plain(result.querySelector('.invite-result__sent')?.textContent)).toBe('1 invitation envoyée');
    expect(
      within(result)
        .getAllByRole('listitem')
        .map((li) => plain(li.textContent)),
    ).toEqual([
      'ana@acme.testen double dans la liste',
      'badadresse e-mail non valide',
      'ben@acme.testdéjà membre',
    ]);
  });

  test('an open link: its rules checked, the link shown with a copy button, then revoked', async () => {
    ownerReads(aTeam());
    const link = {
      link_id: 'l1',
      url: 'http://app.test/app/team?code=abc',
      code: 'abc',
      expires_at: NOW + 7 * 86_400,
      max_uses: 2,
    };
    apiStub.on('createInviteLink', ok('createInviteLink', link));
    apiStub.on('revokeInviteLink', ok('revokeInviteLink', { success: true }));
    const { user } = await renderApp('/app/team', { as: aUser() });
    const card = await screen.findByTestId('team-link');
    expect((within(card).getByTestId('link-domains') as HTMLInputElement).value).toBe('acme.test');
    await user.clear(within(card).getByTestId('link-uses'));
    await user.type(within(card).getByTestId('link-uses'), '2');
    await user.clear(within(card).getByTestId('link-days'));
    await user.type(within(card).getByTestId('link-days'), '91');
    await user.click(within(card).getByTestId('create-link'));
    expect(within(card).getByText('Between 1 and 90 days')).toBeTruthy();
    expect(apiStub.calls('createInviteLink')).toEqual([]);
    await user.clear(within(card).getByTestId('link-days'));
    await user.type(within(card).getByTestId('link-days'), '7');
    await user.click(within(card).getByTestId('create-link'));
    const url = await within(card).findByTestId('invite-link-url');
    expect(apiStub.calls('createInviteLink')[0]?.body).toEqual({
      domains: ['acme.test'],
      max_uses: 2,
      expires_in_days: 7,
    });
    expect((url as HTMLInputElement).value).toBe(link.url);
    expect(plain(within(card).getByTestId('invite-link-facts').textContent)).toMatch(
      /^Expires on .+ · at most 2 joins$/,
    );
    await user.click(within(card).getByTestId('copy-link'));
    expect(await navigator.clipboard.readText()).toBe(link.url);
    await user.click(within(card).getByTestId('revoke-link'));
    await within(card).findByTestId('create-link');
    expect(apiStub.calls('revokeInviteLink')[0]?.params).toEqual({ teamId: 'team-1', linkId: 'l1' });
  });
});

describe("the team's language", () => {
  for (const lang of ['en', 'fr'] as const)
    test(`${lang}: owner and admins choose the language invitations are written in`, async () => {
      ownerReads(aTeam({ lang: 'en' }));
      apiStub.on('setTeamLanguage', ok('setTeamLanguage', { lang: 'fr' }));
      const { user } = await renderApp(`${lang === 'fr' ? '/fr' : ''}/app/team`, { as: aUser() });
      const select = (await screen.findByTestId('team-language-select')) as HTMLSelectElement;
      expect(select.value).toBe('en');
      expect(
        screen.getByRole('heading', {
          name: lang === 'en' ? 'Invitations are written in' : 'Langue des invitations',
        }),
      ).toBeTruthy();
      expect([...select.options].map((o) => o.textContent)).toEqual(
        lang === 'en' ? ['English', 'French'] : ['Anglais', 'Français'],
      );
      ownerReads(aTeam({ lang: 'fr' }));
      await user.selectOptions(select, 'fr');
      await waitFor(() => expect(apiStub.calls('setTeamLanguage')).toHaveLength(1));
      expect(apiStub.calls('setTeamLanguage')[0]).toMatchObject({
        params: { teamId: 'team-1' },
        body: { lang: 'fr' },
      });
      await waitFor(() => expect(select.value).toBe('fr'));
    }, 20_000);
});

describe('one look for everyone', () => {
  test('the owner saves some styles and one combination; an empty choice is refused', async () => {
    ownerReads(aTeam());
    apiStub.on('setTeamAllowed', (req) =>
      ok('setTeamAllowed', { success: true, allowed: req.body as MyTeam['allowed'] }),
    );
    const { user } = await renderApp('/app/team', { as: aUser() });
    const card = await screen.findByTestId('team-allowed');
    await user.click(within(card).getByTestId('some-styles'));
    await user.click(within(card).getByTestId('save-allowed'));
    expect(within(card).getByRole('alert').textContent).toBe('Pick at least one style');
    await user.click(within(card).getByRole('checkbox', { name: 'Office Headshot' }));
    await user.click(within(card).getByTestId('some-combos'));
    await user.click(within(card).getByRole('button', { name: 'Studio grey + Suit' }));
    await user.click(within(card).getByTestId('save-allowed'));
    await waitFor(() => expect(apiStub.calls('setTeamAllowed')).toHaveLength(1));
    expect(apiStub.calls('setTeamAllowed')[0]?.body).toEqual({
      styles: [1],
      combos: [{ backdrop: 'studio-grey', outfit: 'suit' }],
    });
  });

  test('an admin does not see the looks (the owner sets them)', async () => {
    ownerReads(aTeam({ role: 'admin' }));
    await renderApp('/app/team', { as: aUser() });
    await screen.findByTestId('team-seats');
    expect(screen.queryByTestId('team-allowed')).toBeNull();
  });
});

describe('the members', () => {
  const MEMBERS = [
    aMember('m-owner', { role: 'owner', name: 'Olga' }),
    aMember('m1', { status: 'invited', has_seat: false, joined_at: null }),
    aMember('m2', { status: 'generating', allowance_left: 38, reminded_at: NOW - 3600 }),
    aMember('m3', {
      status: 'chosen',
      role: 'admin',
      chosen: {
        task_id: 't1',
        file_name: 'm3-headshot.png',
        likeness: 92,
        chosen_at: NOW,
        thumbnail_url: 'https://media.test/results/m3/thumb.webp',
      },
    }),
    aMember('m4', { status: 'left', left_at: NOW }),
  ];
  const row = (id: string) =>
    screen.getAllByTestId('member-row').find((r) => r.dataset.memberId === id) as HTMLElement;

  test.each([
    {
      path: '/app/team',
      statuses: ['Joined', 'Invited', 'Generating', 'Chosen', 'Left'],
      allowance: '38 of 40',
      chosen: 'Chosen: m3-headshot.png · likeness 92%',
    },
    {
      path: '/fr/app/team',
      statuses: ['Inscription faite', 'Invitation envoyée', 'En création', 'Portrait choisi', 'Départ'],
      allowance: '38 sur 40',
      chosen: 'Choisi : m3-headshot.png · ressemblance 92 %',
    },
  ])('$path: each status, allowance and chosen file; the actions each may take', async (c) => {
    ownerReads(aTeam(), MEMBERS);
    await renderApp(c.path, { as: aUser() });
    await screen.findAllByTestId('member-row');
    expect(screen.getAllByTestId('member-status').map((s) => s.textContent)).toEqual(c.statuses);
    expect(plain(within(row('m2')).getByTestId('member-allowance').textContent)).toContain(c.allowance);
    expect(plain(within(row('m3')).getByTestId('member-chosen').textContent)).toBe(c.chosen);
    // The chosen headshot's thumbnail beside its name, from the URL the server signed.
    expect(within(row('m3')).getByTestId('member-chosen-thumb').getAttribute('src')).toBe(
      'https://media.test/results/m3/thumb.webp',
    );
    // Reminded an hour ago: not again today. The owner is never reminded, a left member has no actions.
    expect((within(row('m2')).getByTestId('remind') as HTMLButtonElement).disabled).toBe(true);
    expect(within(row('m-owner')).queryByTestId('remind')).toBeNull();
    expect(within(row('m-owner')).queryByTestId('remove')).toBeNull();
    expect(within(row('m4')).queryAllByRole('button')).toEqual([]);
    // No seat: no retry to grant. An invitation not taken has no role yet.
    expect(within(row('m1')).queryByTestId('grant-retry')).toBeNull();
    expect(within(row('m1')).queryByTestId('toggle-admin')).toBeNull();
  });

  test('remind, retry, make admin and back, remove after a confirmation', async () => {
    ownerReads(aTeam(), MEMBERS);
    apiStub.on('remindMember', ok('remindMember', { success: true, reminded_at: NOW }));
    apiStub.on('grantMemberRetry', ok('grantMemberRetry', { success: true, allowance_left: 39 }));
    apiStub.on('setMemberRole', ok('setMemberRole', { success: true }));
    apiStub.on('removeMember', ok('removeMember', { success: true }));
    const { user } = await renderApp('/app/team', { as: aUser() });
    await screen.findAllByTestId('member-row');
    await user.click(within(row('m1')).getByTestId('remind'));
    await screen.findByText('Reminder sent to m1@acme.test');
    expect(apiStub.calls('remindMember')[0]?.params).toEqual({ teamId: 'team-1', memberId: 'm1' });
    await user.click(within(row('m2')).getByTestId('grant-retry'));
    await screen.findByText('m2@acme.test has one more avatar: 39 left');
    expect(within(row('m2')).getByTestId('toggle-admin').textContent).toBe('Make admin');
    expect(within(row('m3')).getByTestId('toggle-admin').textContent).toBe('Back to member');
    await user.click(within(row('m3')).getByTestId('toggle-admin'));
    await waitFor(() => expect(apiStub.calls('setMemberRole')).toHaveLength(1));
    expect(apiStub.calls('setMemberRole')[0]?.body).toEqual({ role: 'member' });
    await user.click(within(row('m2')).getByTestId('remove'));
    expect(apiStub.calls('removeMember')).toEqual([]);
    expect(
      within(row('m2')).getByText('Remove m2@acme.test from the team? Their own account stays.'),
    ).toBeTruthy();
    await user.click(within(row('m2')).getByTestId('confirm-remove'));
    await waitFor(() => expect(apiStub.calls('removeMember')).toHaveLength(1));
    expect(apiStub.calls('removeMember')[0]?.params).toEqual({ teamId: 'team-1', memberId: 'm2' });
  });

  test('an admin cannot make admins; a refusal is said in French', async () => {
    ownerReads(aTeam({ role: 'admin' }), MEMBERS);
    apiStub.on('remindMember', fail(429, 'ALREADY_REMINDED', TEAM_MESSAGES.remindedToday.en));
    const { user } = await renderApp('/fr/app/team', { as: aUser() });
    await screen.findAllByTestId('member-row');
    expect(screen.queryAllByTestId('toggle-admin')).toEqual([]);
    await user.click(within(row('m1')).getByTestId('remind'));
    await screen.findByText(plain(TEAM_MESSAGES.remindedToday.fr));
  });

  test('pages: the next one read with its cursor', async () => {
    ownerReads(aTeam());
    apiStub.on('teamMembers', (req) =>
      ok('teamMembers', {
        members: req.query.get('cursor') === 'c2' ? [aMember('m9')] : [aMember('m1')],
        seats_total: 3,
        seats_used: 2,
        next_cursor: req.query.get('cursor') === 'c2' ? null : 'c2',
      }),
    );
    const { user } = await renderApp('/app/team', { as: aUser() });
    await user.click(await screen.findByTestId('more-members'));
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(2));
    expect(screen.queryByTestId('more-members')).toBeNull();
  });

  test.each([
    ['download-csv', 'teamMembersCsv', '/teams/team-1/members.csv'],
    ['download-zip', 'teamHeadshotsZip', '/teams/team-1/headshots.zip'],
  ] as const)('%s: a short download link, never the session in the URL', async (button, route, path) => {
    // Someone chose: the ZIP is asked for first, and its redirect lets the browser open it.
    ownerReads(aTeam(), [aMember('m1', { status: 'chosen', chosen: CHOSEN })]);
    apiStub.on('teamHeadshotsZip', { status: 302, headers: { location: 'http://files.test/team.zip' } });
    apiStub.on('createDownloadLink', ok('createDownloadLink', { token: 'dl-token', expires_at: NOW + 300 }));
    watchNavigation();
    const { user } = await renderApp('/app/team', { as: aUser() });
    await user.click(await screen.findByTestId(button));
    await waitFor(() => expect(assigned).toHaveLength(1));
    expect(apiStub.calls('createDownloadLink')[0]?.body).toEqual({ route, team_id: 'team-1' });
    expect(assigned[0]).toBe(`http://api.test${path}?token=dl-token`);
    expect(assigned[0]).not.toContain('session-token');
  });
});

describe("a member's view", () => {
  test.each([
    { path: '/app/team', title: 'Your team: Acme', leave: 'Leave the team' },
    { path: '/fr/app/team', title: 'Votre équipe\u00a0: Acme', leave: "Quitter l'équipe" },
  ])('$path: the team, the allowance, what the team sees; leaving', async (c) => {
    const en = c.path === '/app/team';
    apiStub.on('myTeam', ok('myTeam', aTeam({ role: 'member', member_id: 'm7', allowance_left: 12 })));
    apiStub.on('removeMember', ok('removeMember', { success: true }));
    const { user } = await renderApp(c.path, { as: aUser() });
    await screen.findByRole('heading', { name: c.title });
    expect(screen.getByTestId('allowance-left').textContent).toBe('12');
    expect(screen.getByTestId('team-privacy').textContent).toBe(
      en
        ? 'Your team sees your status and the headshot you choose, never your selfies or your other avatars'
        : 'Votre équipe voit votre avancement et la photo que vous choisissez, jamais vos selfies ni vos autres avatars',
    );
    // Nothing of the admin's screens.
    expect(screen.queryByTestId('team-seats')).toBeNull();
    expect(screen.queryByTestId('team-members')).toBeNull();
    await user.click(screen.getByRole('button', { name: c.leave }));
    expect(apiStub.calls('removeMember')).toEqual([]);
    await user.click(screen.getByTestId('confirm-leave'));
    await waitFor(() => expect(apiStub.calls('removeMember')).toHaveLength(1));
    expect(apiStub.calls('removeMember')[0]?.params).toEqual({ teamId: 'team-1', memberId: 'm7' });
  });
});

describe('joining', () => {
  // What the code opens, read before Join (team-join-preview.test.tsx has each refusal said before it).
  beforeEach(() =>
    apiStub.byDefault(
      'joinPreview',
      ok('joinPreview', {
        team_name: 'Acme',
        lang: 'en',
        kind: 'link',
        domains: ['acme.test'],
        email: null,
        status: 'valid',
      }),
    ),
  );

  test('the screen says what the team will see, joins, and lands on the team', async () => {
    let joined = false;
    apiStub.on('myTeam', () =>
      joined ? ok('myTeam', aTeam({ role: 'member', allowance_left: 40 })) : fail(404, 'NOT_FOUND', 'none'),
    );
    apiStub.on('joinTeam', () => {
      joined = true;
      return ok('joinTeam', { team_id: 'team-1' });
    });
    const { user } = await renderApp('/app/team?code=abc123', { as: aUser({ email: 'ana@acme.test' }) });
    await screen.findByRole('heading', { name: 'Join Acme' });
    expect(screen.getByTestId('join-visibility').textContent).toBe(TEAM_VISIBILITY_NOTICE.en);
    expect(screen.getByTestId('join-as').textContent).toBe('You join as ana@acme.test.');
    expect(apiStub.calls('joinTeam')).toEqual([]);
    await user.click(screen.getByTestId('join-team'));
    await screen.findByRole('heading', { name: 'Your team: Acme' });
    expect(apiStub.calls('joinTeam')[0]?.params).toEqual({ code: 'abc123' });
    expect(currentLocation().pathname + currentLocation().search).toBe('/app/team');
  });

  const REFUSALS = [
    [409, 'NO_SEAT', 'noSeat'],
    [409, 'LINK_CAP_REACHED', 'capReached'],
    [409, 'ALREADY_IN_TEAM', 'alreadyInTeam'],
    [409, 'MAILBOX_HAS_SEAT', 'mailboxHasSeat'],
    [403, 'DOMAIN_NOT_ALLOWED', 'domainRefused'],
    [403, 'LINK_REVOKED', 'linkRevoked'],
    [403, 'LINK_EXPIRED', 'linkExpired'],
    [403, 'EMAIL_NOT_VERIFIED', 'emailNotVerified'],
    [403, 'FORBIDDEN', 'inviteForAnother'],
    [404, 'NOT_FOUND', 'linkNotFound'],
  ] as const;
  test.each(
    REFUSALS.flatMap(([status, code, id]) =>
      (['en', 'fr'] as const).map((lang) => ({ status, code, id, lang })),
    ),
  )('$code ($lang): $id in the page language', async ({ status, code, id, lang }) => {
    apiStub.on('myTeam', fail(404, 'NOT_FOUND', 'none'));
    // The server writes in the account's language; the page says it in its own.
    apiStub.on('joinTeam', fail(status, code, TEAM_MESSAGES[id][lang === 'en' ? 'fr' : 'en']));
    const { user } = await renderApp(`${lang === 'fr' ? '/fr' : ''}/app/team?code=abc`, { as: aUser() });
    if (lang === 'fr')
      expect(await screen.findByTestId('join-visibility')).toHaveProperty(
        'textContent',
        TEAM_VISIBILITY_NOTICE.fr,
      );
    await user.click(await screen.findByTestId('join-team'));
    expect((await screen.findByTestId('join-refusal')).textContent).toBe(TEAM_MESSAGES[id][lang]);
    expect(currentLocation().search).toBe('?code=abc');
  });

  test('signed out: the sign-in comes back to the invitation', async () => {
    // The guard keeps the address the browser opened (app/route-guards.tsx).
    window.history.replaceState(null, '', '/fr/app/team?code=abc');
    try {
      await renderApp('/fr/app/team?code=abc');
      await waitFor(() => expect(currentLocation().pathname).toBe('/fr/login'));
      await waitFor(() =>
        expect(JSON.parse(localStorage.getItem('aivatar.return-to') ?? '{}')).toMatchObject({
          path: '/fr/app/team?code=abc',
        }),
      );
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});

describe("a member's Create screen and gallery", () => {
  test('only the allowed styles and combinations, counted against the team allowance', async () => {
    apiStub.on(
      'myTeam',
      ok(
        'myTeam',
        aTeam({
          role: 'member',
          allowance_left: 3,
          allowed: {
            styles: [1],
            combos: [
              { backdrop: 'studio-grey', outfit: 'suit' },
              { backdrop: 'office', outfit: 'blazer' },
            ],
          },
        }),
      ),
    );
    apiStub.on('listStyles', ok('listStyles', { success: true, styles: STYLES }));
    apiStub.on('listPhotos', ok('listPhotos', photoList([aPhoto(1), aPhoto(2)])));
    apiStub.on(
      'createTasksBatch',
      ok('createTasksBatch', {
        msg: 'Your avatar is being created.',
        batch_id: 'b1',
        task_ids: ['t1'],
        tokens_spent: 0,
        tokens_left: 0,
        paid_by: 'team',
        allowance_left: 2,
      }),
    );
    apiStub.on('userTasks', ok('userTasks', { tasks: [] }));
    const { user } = await renderApp('/app/create', { as: aUser({ tokens_ltd: 0 }) });
    await screen.findByTestId('team-combos');
    expect(screen.getAllByTestId('style-card').map((c) => c.dataset.styleId)).toEqual(['1']);
    expect(screen.queryByTestId('choice-picker')).toBeNull();
    expect(screen.getAllByTestId('team-combo').map((c) => plain(c.textContent))).toEqual([
      'Studio grey · Suit',
      'Office · Blazer',
    ]);
    expect(screen.queryByTestId('style-cost')).toBeNull();
    expect(plain(screen.getByTestId('team-allowance').textContent)).toBe('Uses your team allowance: 3 left');
    await user.click(screen.getAllByTestId('team-combo')[1] as HTMLElement);
    await user.click(screen.getAllByTestId('style-card')[0] as HTMLElement);
    expect(plain(screen.getByTestId('selection-total').textContent)).toBe('1 avatar');
    await user.click(screen.getByRole('button', { name: 'Create Avatars' }));
    await waitFor(() => expect(apiStub.calls('createTasksBatch')).toHaveLength(1));
    expect(apiStub.calls('createTasksBatch')[0]?.body).toMatchObject({
      styles: [1],
      style_choices: [{ backdrops: ['office'], outfits: ['blazer'] }],
    });
  });

  test('French: the allowance line, and the allowance used up said in French', async () => {
    apiStub.on('myTeam', ok('myTeam', aTeam({ role: 'member', allowance_left: 1 })));
    apiStub.on(
      'listStyles',
      ok('listStyles', { success: true, styles: [STYLES[1] as (typeof STYLES)[number]] }),
    );
    apiStub.on('listPhotos', ok('listPhotos', photoList([aPhoto(1), aPhoto(2)])));
    apiStub.on('createTasksBatch', fail(403, 'TEAM_ALLOWANCE_USED', TEAM_MESSAGES.noAllowance.en));
    const { user } = await renderApp('/fr/app/create', { as: aUser() });
    await screen.findAllByTestId('style-card');
    await waitFor(() =>
      expect(plain(screen.getByTestId('team-allowance').textContent)).toBe(
        "Utilise l'allocation de votre équipe : 1 restant",
      ),
    );
    await user.click(screen.getAllByTestId('style-card')[0] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Créer les avatars' }));
    expect(await screen.findAllByText(plain(TEAM_MESSAGES.noAllowance.fr))).not.toEqual([]);
  });

  test('the gallery: "Chosen for my team" on team avatars only, one at a time', async () => {
    apiStub.on('listStyles', ok('listStyles', { success: true, styles: STYLES }));
    apiStub.on(
      'resultData',
      ok('resultData', { success: true, data: 'iVBORw0KGgo=', content_type: 'image/png' }),
    );
    apiStub.on(
      'userTasks',
      ok('userTasks', {
        tasks: [
          aTask('t1', { team_id: 'team-1', team_chosen: true }),
          aTask('t2', { team_id: 'team-1' }),
          aTask('t3'),
        ],
      }),
    );
    apiStub.on('setChosen', (req) =>
      ok('setChosen', { success: true, task_id: req.params.taskId ?? '', chosen: true }),
    );
    apiStub.on('myTeam', ok('myTeam', aTeam({ role: 'member', allowance_left: 3 })));
    const { user } = await renderApp('/app/gallery', { as: aUser() });
    await screen.findAllByTestId('task-card');
    // The choice shows once the team is known to be the one that paid (chosen-for-team.tsx).
    await screen.findAllByTestId('chosen-for-team');
    const cards = screen.getAllByTestId('task-card');
    const buttonOf = (i: number) => within(cards[i] as HTMLElement).queryByTestId('chosen-for-team');
    expect(buttonOf(0)?.textContent).toBe('✓ Chosen for my team');
    expect(buttonOf(0)?.getAttribute('aria-pressed')).toBe('true');
    expect(buttonOf(1)?.textContent).toBe('Choose for my team');
    expect(buttonOf(2)).toBeNull();
    await user.click(buttonOf(1) as HTMLElement);
    await waitFor(() => expect(buttonOf(1)?.getAttribute('aria-pressed')).toBe('true'));
    expect(buttonOf(0)?.getAttribute('aria-pressed')).toBe('false');
    expect(apiStub.calls('setChosen')[0]?.params).toEqual({ taskId: 't2' });
    expect(apiStub.calls('setChosen')[0]?.body).toEqual({ chosen: true });
  });
});

describe('the open links, listed after the page that made them', () => {
  const LINKS = [
    {
      link_id: 'l2',
      domains: ['acme.test', 'acme.example'],
      uses: 3,
      max_uses: 10,
      expires_at: NOW + 5 * 86_400,
      created_at: NOW - 86_400,
      created_by: 'owner@acme.test',
    },
    {
      link_id: 'l1',
      domains: ['acme.test'],
      uses: 0,
      max_uses: 1,
      expires_at: NOW + 86_400,
      created_at: NOW - 2 * 86_400,
      created_by: null,
    },
  ];

  test.each([
    {
      path: '/app/team',
      title: 'Active links',
      uses: /^3 of 10 joins used · expires on .+$/,
      made: /^Created by owner@acme\.test on .+$/,
      anonymous: /^Created on .+$/,
      none: 'No active link: create one above.',
    },
    {
      path: '/fr/app/team',
      title: 'Liens actifs',
      uses: /^3 utilisations sur 10 · expire le .+$/,
      made: /^Créé par owner@acme\.test le .+$/,
      anonymous: /^Créé le .+$/,
      none: 'Aucun lien actif\u00a0: créez-en un ci-dessus.',
    },
  ])('$path: each link with its joins, expiry and maker; Revoke takes it off the list', async (c) => {
    ownerReads(aTeam());
    const revoked = new Set<string>();
    apiStub.on('teamInviteLinks', () =>
      ok('teamInviteLinks', { links: LINKS.filter((l) => !revoked.has(l.link_id)) }),
    );
    apiStub.on('revokeInviteLink', (req) => {
      revoked.add(req.params.linkId as string);
      return ok('revokeInviteLink', { success: true });
    });
    const { user } = await renderApp(c.path, { as: aUser() });
    const list = await screen.findByTestId('invite-links');
    expect(within(list).getByRole('heading', { name: c.title })).toBeTruthy();
    const items = await within(list).findAllByTestId('invite-link-item');
    expect(items.map((i) => i.dataset.linkId)).toEqual(['l2', 'l1']);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('acme.test, acme.example');
    expect(plain(within(first).getByTestId('invite-link-uses').textContent)).toMatch(c.uses);
    expect(plain(within(first).getByTestId('invite-link-made').textContent)).toMatch(c.made);
    expect(plain(within(second).getByTestId('invite-link-made').textContent)).toMatch(c.anonymous);
    // Never a link's address: it was shown once, when made.
    expect(list.textContent).not.toContain('code=');
    await user.click(within(first).getByTestId('revoke-listed-link'));
    await waitFor(() =>
      expect(
        within(list)
          .getAllByTestId('invite-link-item')
          .map((i) => i.dataset.linkId),
      ).toEqual(['l1']),
    );
    expect(apiStub.calls('revokeInviteLink')[0]?.params).toEqual({ teamId: 'team-1', linkId: 'l2' });
    await user.click(within(list).getByTestId('revoke-listed-link'));
    await waitFor(() => expect(within(list).getByTestId('invite-links-none').textContent).toBe(c.none));
  });

  test('a link just made appears in the list (read again after creating it)', async () => {
    ownerReads(aTeam());
    let made = false;
    apiStub.on('teamInviteLinks', () => ok('teamInviteLinks', { links: made ? LINKS.slice(0, 1) : [] }));
    apiStub.on('createInviteLink', () => {
      made = true;
      return ok('createInviteLink', {
        link_id: 'l2',
        url: 'http://app.test/app/team?code=abc',
        code: 'abc',
        expires_at: NOW + 86_400,
        max_uses: 10,
      });
    });
    const { user } = await renderApp('/app/team', { as: aUser() });
    await screen.findByTestId('invite-links-none');
    await user.click(await screen.findByTestId('create-link'));
    await waitFor(() =>
      expect(screen.getAllByTestId('invite-link-item').map((i) => i.dataset.linkId)).toEqual(['l2']),
    );
  });
});

describe('the chosen headshots ZIP', () => {
  test.each([
    { path: '/app/team', reason: 'No member has chosen a headshot yet: the ZIP is ready once someone has.' },
    {
      path: '/fr/app/team',
      reason:
        "Aucun membre n'a encore choisi sa photo\u00a0: le ZIP sera prêt dès que quelqu'un l'aura fait.",
    },
  ])('$path: nobody chose yet, the button is disabled and says why', async (c) => {
    ownerReads(aTeam(), [aMember('m-owner', { role: 'owner' }), aMember('m1', { status: 'done' })]);
    await renderApp(c.path, { as: aUser() });
    const button = (await screen.findByTestId('download-zip')) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(screen.getByTestId('zip-none-chosen').textContent).toBe(c.reason);
    expect(button.getAttribute('aria-describedby')).toBe('zip-none-chosen');
    expect((screen.getByTestId('download-csv') as HTMLButtonElement).disabled).toBe(false);
  });

  test('a refusal of the ZIP is said in the page, in French, and the browser never opens it', async () => {
    // The dashboard showed a choice since taken back: the server finds none.
    ownerReads(aTeam(), [aMember('m1', { status: 'chosen', chosen: CHOSEN })]);
    apiStub.on('createDownloadLink', ok('createDownloadLink', { token: 'dl-token', expires_at: NOW + 300 }));
    apiStub.on('teamHeadshotsZip', fail(404, 'NOT_FOUND', TEAM_MESSAGES.noneChosen.fr));
    watchNavigation();
    const { user } = await renderApp('/fr/app/team', { as: aUser() });
    await user.click(await screen.findByTestId('download-zip'));
    const said = await screen.findByTestId('download-failed');
    expect(said.textContent).toBe(TEAM_MESSAGES.noneChosen.fr);
    expect(assigned).toEqual([]);
    expect(apiStub.calls('teamHeadshotsZip')[0]?.query.get('token')).toBe('dl-token');
  });

  test('a server error is said in the page too, not opened', async () => {
    ownerReads(aTeam(), [aMember('m1', { status: 'chosen', chosen: CHOSEN })]);
    apiStub.on('createDownloadLink', ok('createDownloadLink', { token: 'dl-token', expires_at: NOW + 300 }));
    apiStub.on('teamHeadshotsZip', fail(500, 'INTERNAL_ERROR', 'Something went wrong'));
    watchNavigation();
    const { user } = await renderApp('/app/team', { as: aUser() });
    await user.click(await screen.findByTestId('download-zip'));
    expect((await screen.findByTestId('download-failed')).textContent).not.toContain('{');
    expect(assigned).toEqual([]);
  });
});

describe("an owner's own seat", () => {
  test('takes a seat: the card becomes their allowance, and the seat can be given back', async () => {
    let seated = false;
    ownerReads(aTeam({ seats_used: 1 }), [aMember('m-owner', { role: 'owner', has_seat: false })]);
    apiStub.on('myTeam', () =>
      ok('myTeam', aTeam({ seats_used: seated ? 2 : 1, ...(seated ? { allowance_left: 40 } : {}) })),
    );
    apiStub.on('takeTeamSeat', () => {
      seated = true;
      return ok('takeTeamSeat', { success: true, allowance_left: 40 });
    });
    apiStub.on('giveBackTeamSeat', () => {
      seated = false;
      return ok('giveBackTeamSeat', { success: true, seat_freed: true });
    });
    const { user } = await renderApp('/app/team', { as: aUser() });
    const card = await screen.findByTestId('team-own-seat');
    expect(within(card).getByRole('heading', { name: 'Your own headshot' })).toBeTruthy();
    await user.click(within(card).getByTestId('take-seat'));
    expect(await screen.findByTestId('allowance-left')).toBeTruthy();
    expect(screen.getByTestId('allowance-left').textContent).toBe('40');
    expect(screen.queryByTestId('team-own-seat')).toBeNull();
    expect(apiStub.calls('takeTeamSeat')[0]?.params).toEqual({ teamId: 'team-1' });
    // The owner stays: no Leave, but the seat goes back after a confirmation.
    expect(screen.queryByTestId('leave')).toBeNull();
    await user.click(screen.getByTestId('give-back-seat'));
    await user.click(screen.getByTestId('confirm-give-back'));
    await screen.findByTestId('team-own-seat');
    expect(apiStub.calls('giveBackTeamSeat')).toHaveLength(1);
  });

  test.each([
    { path: '/app/team', reason: 'No free seat: buy one to take it.' },
    { path: '/fr/app/team', reason: 'Aucune place libre\u00a0: achetez-en une pour la prendre.' },
  ])('$path: every seat used, Take a seat is disabled and says why', async (c) => {
    ownerReads(aTeam({ seats_total: 2, seats_used: 2 }));
    await renderApp(c.path, { as: aUser() });
    const card = await screen.findByTestId('team-own-seat');
    expect((within(card).getByTestId('take-seat') as HTMLButtonElement).disabled).toBe(true);
    expect(within(card).getByTestId('take-seat-none-free').textContent).toBe(c.reason);
  });

  test('the last seat taken meanwhile: the refusal is said for the one who buys seats, in French', async () => {
    ownerReads(aTeam({ seats_total: 2, seats_used: 1 }));
    apiStub.on('takeTeamSeat', fail(409, 'NO_SEAT', TEAM_MESSAGES.noSeatToTake.fr));
    const { user } = await renderApp('/fr/app/team', { as: aUser() });
    const card = await screen.findByTestId('team-own-seat');
    expect(within(card).getByRole('heading', { name: 'Votre propre photo' })).toBeTruthy();
    await user.click(within(card).getByTestId('take-seat'));
    // Read as written: the French colon's no-break space stays one (findByText would collapse it).
    await waitFor(() => expect(card.textContent).toContain(TEAM_MESSAGES.noSeatToTake.fr));
  });
});
