// An emailed invitation followed by someone with no account, in French on a phone (docs/product.md, "Teams"):
// the invitation's link opens the French login page, which names the team and the address to use and says the
// sign-in comes back to the invitation;
// "Créer un compte", the sign-up, the French activation email opened in this browser, and the person lands
// on the join screen (what the team will see, as whom), joins, and is on the team page in French. The
// emails' words and links, the letter case of the address and the refusals are
// tests/integration/teams-invite-email.test.ts's; the join screen's messages, tests/components/team-screens.
// The usual case after it: the invitation read and the sign-up made on the laptop, the activation email opened
// on the phone, another browser that kept nothing: the link carries the join page (docs/product.md, "Sign-up
// and activation on two devices").
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { TEAM_VISIBILITY_NOTICE } from '#shared/team-rules.ts';
import { callRoute } from '../support/api.ts';
import {
  createAccount,
  DESKTOP,
  describeInBrowser,
  loginLinkIn,
  PHONE,
  pathOf,
  uniqueEmail,
  useBrowser,
  waitForMail,
  waitForPath,
} from '../support/browser.ts';
import { giveSeats } from '../support/teams.ts';
import { copy } from './copy.ts';

/** French typography puts no-break spaces before colons: compare plain spaces. */
const plain = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

/** A French team with one seat, and the address it invited: its join link (/fr/app/team?code=…). */
async function invited(): Promise<{ email: string; link: string }> {
  const { token: owner } = await createAccount(uniqueEmail('proprio'), { lang: 'fr' });
  const made = await callRoute('createTeam', { token: owner, body: { name: 'Atelier Dupont', lang: 'fr' } });
  expect(made.status).toBe(201);
  const teamId = made.body.team_id;
  await giveSeats(teamId, 1);
  const email = uniqueEmail('camille');
  await callRoute('teamInvites', { token: owner, params: { teamId }, body: { emails: [email] } });
  const invitation = await waitForMail(email);
  const link = pathOf(/https?:\/\/\S+\/app\/team\?code=[\w-]+/.exec(invitation.text)?.[0] as string);
  expect(link.startsWith('/fr/app/team?code=')).toBe(true);
  return { email, link };
}

const SIGNUP_JOIN_NOTE =
  "Ouvrez le lien d'activation que nous vous envoyons, sur cet appareil ou un autre : vous reviendrez ensuite à l'invitation de votre équipe.";
/** The sign-in pages name the team and the address the invitation is for, once the code's preview is read. */
const teamLine = (email: string) =>
  `Atelier Dupont vous invite : utilisez ${email}, l'adresse à laquelle l'invitation est destinée.`;

/** On the French sign-up page reached from the invitation: its note, the sign-up, and the activation email. */
async function signUpFromInvitation(page: Page, email: string) {
  const c = copy.fr;
  await waitForPath(page, '/fr/signup');
  // The form, then its note of where the sign-in leads.
  await page.getByRole('button', { name: c.requestActivation }).waitFor();
  await page.getByTestId('join-team-note').waitFor();
  expect(plain(await page.getByTestId('join-note').textContent())).toBe(
    `${teamLine(email)} ${SIGNUP_JOIN_NOTE}`,
  );
  await page.getByLabel(c.email).fill(email);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: c.requestActivation }).click();
  await page.getByText(c.signupSuccess, { exact: true }).waitFor();
  const activation = await waitForMail(email, { count: 2 });
  expect(activation.subject).toBe(c.activationSubject);
  return activation;
}

describeInBrowser('an emailed invitation, without an account', () => {
  const browser = useBrowser();

  test('fr at 390 px: the link, the login page, sign up, activate, back on the invitation, join', async () => {
    const c = copy.fr;
    const { email, link } = await invited();

    // Signed out: the French login page, which says why the person is there and that they will come back.
    const page = await browser.newPage(PHONE);
    await page.goto(link);
    await waitForPath(page, '/fr/login');
    await page.getByTestId('join-team-note').waitFor();
    expect(plain(await page.getByTestId('join-note').textContent())).toBe(
      `${teamLine(email)} Connectez-vous ou créez un compte pour rejoindre votre équipe : vous reviendrez ensuite à son invitation.`,
    );
    await page.getByRole('link', { name: c.signUpAction }).click();
    const activation = await signUpFromInvitation(page, email);

    // The French activation email, opened in this browser: back on the invitation, in French.
    await page.goto(pathOf(loginLinkIn(activation)));
    await waitForPath(page, link);
    expect(plain(await page.getByTestId('join-visibility').textContent())).toBe(
      plain(TEAM_VISIBILITY_NOTICE.fr),
    );
    expect(await page.getByTestId('join-as').textContent()).toBe(
      `Vous rejoignez l'équipe en tant que ${email}.`,
    );
    await page.getByTestId('join-team').click();
    await waitForPath(page, '/fr/app/team');
    await page.getByRole('heading', { name: 'Atelier Dupont', level: 1 }).waitFor();
    expect(await page.getByTestId('team-role').innerText()).toBe('Membre');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
  }, 90_000);

  test('fr: invitation and sign-up on the laptop, the activation email opened on the phone, back on the invitation', async () => {
    const { email, link } = await invited();
    const laptop = await browser.newPage(DESKTOP);
    await laptop.goto(link);
    await waitForPath(laptop, '/fr/login');
    await laptop.getByRole('link', { name: 'Inscrivez-vous' }).click();
    const activation = await signUpFromInvitation(laptop, email);
    await laptop.context().close();

    // The phone: another browser, nothing kept; it did not ask for the link, so it asks first.
    const phone = await browser.newPage(PHONE);
    await phone.goto(pathOf(loginLinkIn(activation)));
    await phone.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(phone, link);
    expect(plain(await phone.getByTestId('join-visibility').textContent())).toBe(
      plain(TEAM_VISIBILITY_NOTICE.fr),
    );
    await phone.getByTestId('join-team').click();
    await waitForPath(phone, '/fr/app/team');
    await phone.getByRole('heading', { name: 'Atelier Dupont', level: 1 }).waitFor();
  }, 90_000);
});
