// Teams in a browser (docs/product.md, "Teams"), English on the wide desktop and French on the phone: the owner
// creates a team and buys 3 seats on the Stripe stand-in's hosted checkout, makes an open link for one domain
// with a cap of 2; two people of that domain join from it and a third is refused in the page's language; a
// member uploads selfies, creates from the one combination the team allows (the screen offers only it) and
// chooses their headshot; the owner's dashboard shows both members' choices, and the CSV and the ZIP
// download through short links. The rules themselves are the integration tests' (tests/integration/teams-*).
// With TEAM_SCREENSHOTS=<dir>, every team screen is also saved at 1440 and 390 px.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { TEAM_MESSAGES, TEAM_SEAT, TEAM_VISIBILITY_NOTICE } from '#shared/team-rules.ts';
import { callRoute } from '../support/api.ts';
import { activeStyles, waitForTasks } from '../support/avatars.ts';
import {
  createAccount,
  describeInBrowser,
  FLOW_PAIRS,
  type Lang,
  openSignedIn,
  PHONE,
  pathOf,
  useBrowser,
  WIDE,
} from '../support/browser.ts';
import { samePersonAgain, selfie } from '../support/face-fixtures.ts';
import { uploadDirect } from '../support/photos.ts';
import { zipEntries } from '../support/zip.ts';

const COPY = {
  en: {
    prefix: '',
    pay: 'Pay €87.00',
    amount: '€87.00',
    total: '€87',
    seats: (used: number) => `${used} of 3 seats used`,
    role: { owner: 'Owner', member: 'Member' },
    chosen: 'Chosen',
    chosenFile: (name: string) => `Chosen: ${name}`,
    chosenForTeam: '✓ Chosen for my team',
    csvHead: [
      'name',
      'email',
      'status',
      'chosen headshot',
      'likeness',
      'invited',
      'joined',
      'chosen',
      'left',
    ],
    csvChosen: 'chosen',
    createButton: 'Create Avatars',
  },
  fr: {
    prefix: '/fr',
    pay: 'Payer 87,00 €',
    amount: '87,00 €',
    total: '87 €',
    seats: (used: number) => (used > 1 ? `${used} places utilisées sur 3` : `${used} place utilisée sur 3`),
    role: { owner: 'Propriétaire', member: 'Membre' },
    chosen: 'Portrait choisi',
    chosenFile: (name: string) => `Choisi : ${name}`,
    chosenForTeam: '✓ Choisi pour mon équipe',
    csvHead: [
      'nom',
      'e-mail',
      'statut',
      'photo choisie',
      'ressemblance',
      'invité',
      'arrivé',
      'choisie',
      'parti',
    ],
    // The status column keeps the API's words in every language (functions/teams/domain/members-csv.ts).
    csvChosen: 'chosen',
    createButton: 'Créer les avatars',
  },
} as const;

/** French typography puts no-break spaces before € and colons: compare plain spaces. */
const plain = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

const SHOTS = process.env.TEAM_SCREENSHOTS;
/** With TEAM_SCREENSHOTS, the whole page at 1440 and at 390 px (the journey's own width last). */
async function shoot(page: Page, lang: Lang, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const own = page.viewportSize() ?? WIDE;
  for (const size of own.width === WIDE.width ? [PHONE, WIDE] : [WIDE, PHONE]) {
    await page.setViewportSize(size);
    // From the top: a sticky header scrolled away would be drawn in the middle of a full-page capture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, `team-${name}-${lang}-${size.width}.png`), fullPage: true });
  }
}

describeInBrowser('teams, end to end', () => {
  const browser = useBrowser();
  const dir = mkdtempSync(join(tmpdir(), 'aivatar-teams-'));

  test.each(FLOW_PAIRS)(
    '$lang at $viewport.width px: seats, a capped link, joins, one look, choices, CSV and ZIP',
    async ({ lang, viewport }) => {
      const c = COPY[lang];
      const domain = `acme-${lang}-${Date.now().toString(36)}.test`;
      const tag = Date.now().toString(36);
      const emails = ['ada', 'grace', 'late'].map((n) => `${n}-${tag}@${domain}`) as [string, string, string];
      const [owner, ada, grace, late] = await Promise.all([
        createAccount(`owner-${tag}@example.test`, { lang }),
        ...emails.map((e) => createAccount(e, { lang })),
      ]);
      const [style] = (await activeStyles()).filter((s) => s.accepts_choices);
      if (!style || !owner || !ada || !grace || !late) throw new Error('no style that takes choices');
      const page = await browser.newPage(viewport);
      const teamPath = `${c.prefix}/app/team`;

      // No team yet: the owner creates one.
      await openSignedIn(page, owner.token, teamPath);
      await page.getByTestId('team-name').waitFor();
      await shoot(page, lang, 'none');
      await page.getByTestId('team-name').fill('Acme');
      await page.getByTestId('create-team').click();
      expect(await page.getByTestId('team-role').innerText()).toBe(c.role.owner);

      // 3 seats through the hosted checkout, back on the team page once the webhook credited them.
      await page.getByTestId('seat-quantity').fill('3');
      expect(plain(await page.getByTestId('seat-total').textContent())).toBe(c.total);
      expect(TEAM_SEAT.priceCents * 3).toBe(8700);
      await page.getByTestId('buy-seats').click();
      await page.waitForURL((u) => u.pathname.startsWith('/c/pay/'));
      expect(plain(await page.getByTestId('checkout-amount').textContent())).toBe(c.amount);
      await page.getByRole('button', { name: c.pay }).click();
      await page.waitForURL((u) => u.pathname === teamPath);
      await page
        .getByTestId('seats-used')
        .getByText(c.seats(0), { exact: true })
        .waitFor({ timeout: 20_000 });

      // One look for everyone: one style, studio grey with a suit.
      await page.getByTestId('some-styles').check();
      await page.locator(`[data-testid="allowed-styles"] [data-style-id="${style.id}"]`).check();
      await page.getByTestId('some-combos').check();
      await page.locator('[data-combo="studio-grey+suit"]').click();
      await page.getByTestId('save-allowed').click();
      await expect
        .poll(async () => (await callRoute('myTeam', { token: owner.token })).body.allowed)
        .toEqual({ styles: [style.id], combos: [{ backdrop: 'studio-grey', outfit: 'suit' }] });

      // An open link for the one domain, used at most twice.
      await page.getByTestId('link-domains').fill(domain);
      await page.getByTestId('link-uses').fill('2');
      await page.getByTestId('link-days').fill('7');
      await page.getByTestId('create-link').click();
      const joinPath = pathOf(await page.getByTestId('invite-link-url').inputValue());
      expect(joinPath.startsWith(`${teamPath}?code=`)).toBe(true);

      // Two people of that domain join; the third finds the link used up.
      for (const [i, member] of [ada, grace].entries()) {
        await openSignedIn(page, member.token, joinPath);
        expect(plain(await page.getByTestId('join-visibility').textContent())).toBe(
          plain(TEAM_VISIBILITY_NOTICE[lang]),
        );
        if (i === 0) await shoot(page, lang, 'join');
        await page.getByTestId('join-team').click();
        // The join, then the member's view (a loaded machine may take a while); a refusal says why at once.
        await page
          .getByTestId('allowance-left')
          .getByText('40', { exact: true })
          .or(page.getByTestId('join-refusal'))
          .waitFor({ timeout: 30_000 });
        expect(await page.getByTestId('join-refusal').allTextContents()).toEqual([]);
        expect(await page.getByTestId('team-role').innerText()).toBe(c.role.member);
        if (i === 0) await shoot(page, lang, 'member');
      }
      // The page reads the link before Join is pressed: the refusal is said at once, and Join is off.
      await openSignedIn(page, late.token, joinPath);
      await page.getByTestId('join-refusal').waitFor();
      expect(plain(await page.getByTestId('join-refusal').textContent())).toBe(
        plain(TEAM_MESSAGES.capReached[lang]),
      );
      expect(await page.getByTestId('join-team').isDisabled()).toBe(true);
      await shoot(page, lang, 'join-refused');

      // Ada uploads two selfies, creates from the only combination offered and chooses her headshot.
      await callRoute('photoConsent', { token: ada.token, body: { processing: true, rights: true } });
      const files = [join(dir, `ada-${lang}-1.jpg`), join(dir, `ada-${lang}-2.jpg`)] as const;
      writeFileSync(files[0], await selfie(0));
      writeFileSync(files[1], await samePersonAgain(0));
      await openSignedIn(page, ada.token, `${c.prefix}/app/upload`);
      await page.getByTestId('photos-empty').waitFor();
      await page.getByTestId('photo-input').setInputFiles([...files]);
      await page.getByTestId('photo-card').nth(1).waitFor({ timeout: 30_000 });

      await page.goto(`${c.prefix}/app/create`);
      await page.getByTestId('team-combos').waitFor();
      expect(
        await page.getByTestId('team-combo').evaluateAll((els) => els.map((e) => e.dataset.combo)),
      ).toEqual(['studio-grey+suit']);
      expect(
        await page
          .locator('[data-testid="style-grid"] [data-style-id]')
          .evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.styleId))),
      ).toEqual([style.id]);
      await page.locator(`[data-style-id="${style.id}"]`).click();
      await shoot(page, lang, 'create');
      const created = page.waitForResponse((r) => r.url().endsWith('/aivatar/create_tasks_batch'));
      await page.getByRole('button', { name: c.createButton, exact: true }).click();
      const { task_ids } = (await (await created).json()) as { task_ids: string[] };
      const [done] = await waitForTasks(ada.token, task_ids, 60_000);
      expect(done?.status).toBe('DONE');
      expect(done?.team_id).toBeTruthy();
      await page.goto(`${c.prefix}/app/gallery`);
      await page.getByTestId('chosen-for-team').click();
      await page.getByTestId('chosen-for-team').getByText(c.chosenForTeam, { exact: true }).waitFor();

      // Grace's photos and avatar come through the API (this journey is Ada's); she chooses it too.
      await callRoute('photoConsent', { token: grace.token, body: { processing: true, rights: true } });
      await uploadDirect(grace.token, [
        { name: 'grace-1.jpg', bytes: await selfie(1) },
        { name: 'grace-2.jpg', bytes: await samePersonAgain(1) },
      ]);
      const made = await callRoute('createTasksBatch', {
        token: grace.token,
        body: {
          styles: [style.id],
          style_prompts: [style.prompt],
          use_reference_elements: true,
          style_choices: [{ backdrops: ['studio-grey'], outfits: ['suit'] }],
        },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const [graces] = await waitForTasks(grace.token, made.body.task_ids, 60_000);
      expect(
        (
          await callRoute('setChosen', {
            token: grace.token,
            params: { taskId: graces?.id as string },
            body: { chosen: true },
          })
        ).status,
      ).toBe(200);

      // The owner's dashboard: both chosen, 2 of 3 seats used; then the CSV and the ZIP.
      await openSignedIn(page, owner.token, teamPath);
      const rows = page.getByTestId('member-row');
      // The dashboard's first page (beside the open links and purchases it reads): a loaded machine takes seconds.
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(3);
      await page.getByTestId('seats-used').getByText(c.seats(2), { exact: true }).waitFor();
      for (const [member, task] of [
        [emails[0], done],
        [emails[1], graces],
      ] as const) {
        const row = rows.filter({ hasText: member });
        expect(await row.getByTestId('member-status').innerText()).toBe(c.chosen);
        expect(plain(await row.getByTestId('member-chosen').textContent())).toContain(
          plain(c.chosenFile(task?.download_name as string)),
        );
      }
      await shoot(page, lang, 'dashboard');

      const [csv] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        page.getByTestId('download-csv').click(),
      ]);
      const csvPath = join(dir, `members-${lang}.csv`);
      await csv.saveAs(csvPath);
      const [head, ...lines] = readFileSync(csvPath, 'utf8')
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n')
        .map((line) => line.split(','));
      expect(head).toEqual([...c.csvHead]);
      const byEmail = (rows: string[][]) => Object.fromEntries(rows.map((l) => [l[1], [l[2], l[3]]]));
      expect(byEmail(lines)).toEqual({
        [`owner-${tag}@example.test`]: ['joined', ''],
        [emails[0]]: [c.csvChosen, done?.download_name],
        [emails[1]]: [c.csvChosen, graces?.download_name],
      });

      const [zip] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        page.getByTestId('download-zip').click(),
      ]);
      const zipPath = join(dir, `headshots-${lang}.zip`);
      await zip.saveAs(zipPath);
      const entries = zipEntries(readFileSync(zipPath)).map((e) => e.name);
      const square = (name: string) => name.replace(/\.[a-z0-9]+$/, '-1080.jpg');
      expect(entries.sort()).toEqual(
        [
          `ada-${tag}/${done?.download_name}`,
          `ada-${tag}/${square(done?.download_name as string)}`,
          `grace-${tag}/${graces?.download_name}`,
          `grace-${tag}/${square(graces?.download_name as string)}`,
        ].sort(),
      );
    },
    240_000,
  );
});
