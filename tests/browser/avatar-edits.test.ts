// Editing a finished avatar in a browser (docs/product.md, "Editing a finished avatar"), against the whole
// local stack: its API, its queue and its worker with the embedded renderer, the person segmenter and the
// face model. English on the wide desktop, French on the phone (FLOW_PAIRS): open an avatar, change its
// backdrop, see version 2 with its likeness, switch versions, brush a region and send it, download version
// 3. The panel's rules (cost, colour, brush, limits, refusals) are the component tests'
// (tests/components/gallery-edits.test.tsx). Screenshots of each tab, the switcher and the brush at 1440
// and 390 px in both languages go to .local/screenshots/edits.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, expect, test } from 'vitest';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { callRoute } from '../support/api.ts';
import { createBody, creator, stylesCosting, waitForTasks } from '../support/avatars.ts';
import {
  describeInBrowser,
  FLOW_PAIRS,
  type Lang,
  openSignedIn,
  PHONE,
  useBrowser,
  WIDE,
} from '../support/browser.ts';

const SHOTS = join(import.meta.dirname, '..', '..', '.local', 'screenshots', 'edits');

const COPY = {
  en: {
    prefix: '',
    edit: 'Edit',
    cost: 'This edit costs 1 token.',
    after: 'Your balance after it: 3 tokens.',
    send: 'Edit for 1 token',
    started: (v: number) => `Version ${v} is being made. This page updates by itself.`,
    refresh: 'Refresh',
    likeness: /^Likeness \d{1,3}%$/,
    v2line: 'Version 2 · New backdrop: Office',
    prompt: 'remove the glare on my glasses',
  },
  fr: {
    prefix: '/fr',
    edit: 'Modifier',
    cost: 'Cette modification coûte 1 jeton.',
    after: 'Votre solde ensuite : 3 jetons.',
    send: 'Modifier pour 1 jeton',
    started: (v: number) => `La version ${v} est en cours de création. Cette page se met à jour toute seule.`,
    refresh: 'Actualiser',
    likeness: /^Ressemblance \d{1,3}\s%$/,
    v2line: 'Version 2 · Nouvel arrière-plan : Bureau',
    prompt: 'enlever le reflet sur mes lunettes',
  },
} as const;

const plain = (s: string): string => s.replace(/\s+/g, ' ').trim();

describeInBrowser('editing an avatar', () => {
  const browser = useBrowser();

  beforeAll(() => {
    mkdirSync(SHOTS, { recursive: true });
  });

  /** The versions on the card (or in the modal): their labels and which is shown. */
  const versions = async (where: Locator) =>
    where
      .getByTestId('version')
      .evaluateAll((vs) =>
        vs.map((v) => `${v.textContent}${v.getAttribute('aria-pressed') === 'true' ? '*' : ''}`),
      );

  /** The list as the server has it, and the version `n` of the one avatar. */
  async function version(token: string, n: number): Promise<AvatarTask> {
    const { body } = await callRoute('userTasks', { token });
    const found = body.tasks.find((t) => (t.version ?? 1) === n);
    if (!found) throw new Error(`no version ${n}`);
    return found;
  }

  /** Each tab of the panel, at this width, as a screenshot (the panel's state is left as it was). */
  async function tabsShots(page: Page, lang: Lang, width: number) {
    const panel = page.getByTestId('edit-panel');
    const modal = page.getByTestId('avatar-modal');
    for (const kind of ['backdrop', 'outfit', 'framing', 'retouch', 'region'] as const) {
      await panel.getByTestId(`edit-tab-${kind}`).click();
      if (kind === 'framing' && (await panel.getByTestId('frame-preview').count()) === 0)
        await panel.getByTestId('edit-aspect').filter({ hasText: '4:1' }).click();
      if (kind === 'backdrop' && (await panel.getByTestId('colour-picker').count()) === 0)
        await panel.locator('[data-testid="edit-backdrop"][data-choice="plain-colour"]').click();
      await modal.screenshot({ path: join(SHOTS, `panel-${kind}-${lang}-${width}.png`) });
      if (width < WIDE.width) {
        // A phone shows the panel a part at a time: its end too.
        await modal.evaluate((m) => m.scrollTo(0, m.scrollHeight));
        await modal.screenshot({ path: join(SHOTS, `panel-${kind}-${lang}-${width}-end.png`) });
        await modal.evaluate((m) => m.scrollTo(0, 0));
      }
    }
    // The colour is not what this journey sends: back to a backdrop of the Create screen.
    await panel.getByTestId('edit-tab-backdrop').click();
  }

  for (const { lang, viewport } of FLOW_PAIRS) {
    const c = COPY[lang];
    const other = viewport.width === WIDE.width ? PHONE : WIDE;
    test(`${lang} ${viewport.width}: a new backdrop is version 2 with its likeness; a brushed region is version 3, downloaded`, {
      timeout: 300_000,
    }, async () => {
      const user = await creator({ ltd: 5 }, lang);
      const [style] = await stylesCosting(1);
      const made = await callRoute('createTasksBatch', {
        token: user.token,
        body: createBody([style as NonNullable<typeof style>]),
      });
      const [v1] = await waitForTasks(user.token, made.body.task_ids, 150_000);
      expect(v1?.status).toBe('DONE');

      const page = await browser.newPage(viewport);
      await openSignedIn(page, user.token, `${c.prefix}/app/gallery`);
      const card = page.getByTestId('task-card');
      await card.locator('.task-card__open').click();
      const modal = page.getByTestId('avatar-modal');
      await modal.getByTestId('edit').click();
      const panel = page.getByTestId('edit-panel');
      expect(plain(await panel.getByTestId('edit-cost').innerText())).toContain(c.cost);
      expect(plain(await panel.getByTestId('edit-balance-after').innerText())).toBe(c.after);

      // Every tab, at both widths (the panel is the same; its layout is not).
      await tabsShots(page, lang, viewport.width);
      await page.setViewportSize(other);
      await tabsShots(page, lang, other.width);
      await page.setViewportSize(viewport);

      // A new backdrop: version 2, on the same card, being made, then with its own likeness.
      await panel.locator('[data-testid="edit-backdrop"][data-choice="office"]').click();
      await panel.getByRole('button', { name: c.send }).click();
      await page.getByText(c.started(2)).waitFor();
      await modal.waitFor({ state: 'detached' });
      expect(await card.count()).toBe(1);
      expect(await versions(card)).toEqual(['v1', 'v2*']);
      const v2 = await version(user.token, 2);
      expect(v2).toMatchObject({
        edit_of: v1?.id,
        root_id: v1?.id,
        edit: { kind: 'backdrop', backdrop: 'office' },
      });
      await waitForTasks(user.token, [v2.id], 150_000);
      await page.getByRole('button', { name: c.refresh }).click();
      await card.locator('.task-card__open').waitFor();
      expect(plain(await card.getByTestId('version-line').innerText())).toBe(c.v2line);
      expect(plain(await card.getByTestId('likeness').innerText())).toMatch(c.likeness);
      const v2Done = await version(user.token, 2);
      expect(Number.isInteger(v2Done.likeness)).toBe(true);

      // Switch versions: v1 shows its own picture and likeness, then back to v2.
      const shownImage = () => card.locator('.task-card__open img').getAttribute('src');
      const v2Image = await shownImage();
      await card.getByTestId('version').filter({ hasText: 'v1' }).click();
      expect(await versions(card)).toEqual(['v1*', 'v2']);
      await expect.poll(shownImage).not.toBe(v2Image);
      expect(plain(await card.getByTestId('likeness').innerText())).toContain(String(v1?.likeness));
      await card.locator('.task-image--loaded').waitFor();
      // The picture's fade-in (gallery.css).
      await page.waitForTimeout(400);
      await card.screenshot({ path: join(SHOTS, `versions-card-${lang}-${viewport.width}.png`) });
      await card.getByTestId('version').filter({ hasText: 'v2' }).click();
      expect(await versions(card)).toEqual(['v1', 'v2*']);

      // Version 2 opened: before this edit, then Edit, Fix one region: a brushed stroke and the words.
      await card.locator('.task-card__open').click();
      expect(await versions(modal)).toEqual(['v1', 'v2*']);
      await modal.getByTestId('compare-edit').click();
      await modal.getByTestId('before-edit').waitFor();
      // Both versions' pictures, loaded (not the frames alone).
      await expect
        .poll(() =>
          modal
            .getByTestId('before-edit')
            .locator('img')
            .evaluateAll((imgs) =>
              imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0 && (i as HTMLImageElement).complete),
            ),
        )
        .toEqual([true, true]);
      await modal.screenshot({ path: join(SHOTS, `before-edit-${lang}-${viewport.width}.png`) });
      await modal.getByTestId('edit').click();
      await panel.getByTestId('edit-tab-region').click();
      const canvas = panel.getByTestId('brush-canvas');
      await canvas.scrollIntoViewIfNeeded();
      const box = await canvas.boundingBox();
      if (!box) throw new Error('no canvas');
      await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.45);
      await page.mouse.down();
      for (let i = 1; i <= 10; i++)
        await page.mouse.move(box.x + box.width * (0.3 + i * 0.04), box.y + box.height * 0.45);
      await page.mouse.up();
      await panel.getByTestId('region-prompt').fill(c.prompt);
      await modal.screenshot({ path: join(SHOTS, `brush-${lang}-${viewport.width}.png`) });
      await page.setViewportSize(other);
      await modal.screenshot({ path: join(SHOTS, `brush-${lang}-${other.width}.png`) });
      await page.setViewportSize(viewport);
      await panel.getByRole('button', { name: c.send }).click();
      await page.getByText(c.started(3)).waitFor();
      const v3 = await version(user.token, 3);
      expect(v3).toMatchObject({
        edit_of: v2.id,
        root_id: v1?.id,
        edit: { kind: 'region', prompt: c.prompt },
      });
      const [v3Done] = await waitForTasks(user.token, [v3.id], 150_000);
      expect(v3Done?.status).toBe('DONE');

      // Version 3 on the card, downloaded: the file is that version's image.
      await page.getByRole('button', { name: c.refresh }).click();
      await card.locator('.task-card__open').waitFor();
      expect(await versions(card)).toEqual(['v1', 'v2', 'v3*']);
      await card.locator('.task-image--loaded').waitFor();
      // The picture's fade-in (gallery.css).
      await page.waitForTimeout(400);
      await card.screenshot({ path: join(SHOTS, `versions-v3-${lang}-${viewport.width}.png`) });
      const [file] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        card.getByTestId('card-download').click(),
      ]);
      const saved = join(SHOTS, `download-v3-${lang}-${file.suggestedFilename()}`);
      await file.saveAs(saved);
      const meta = await sharp(readFileSync(saved)).metadata();
      expect([meta.width, meta.height]).toEqual([v3Done?.width, v3Done?.height]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    });
  }
});
