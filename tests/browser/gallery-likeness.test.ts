// Issue 18 on the screens: a finished avatar shows its likeness ("Likeness 87%" / "Ressemblance 87 %") with
// its explanation, the gallery sorts by best likeness, a card refunded by the likeness guarantee is withheld
// (docs/faces.md, "The guarantee": only the server's blurred copy, no modal, download or star) and offers
// "Keep it anyway" and Try again (issue 20: a confirmation with the style's cost), a card charged under the
// threshold says why, and the pricing and landing pages state the guarantee. The list states come from page.route (they do not hold still on a real worker); one test
// runs the real API, worker, renderer and face model end to end. Screenshots: .local/screenshots/likeness-*.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { SharpResultImages } from '../../functions/adapters/images/result-images.ts';
import type { AvatarTask } from '../../shared/api-schemas.ts';
import { callRoute } from '../support/api.ts';
import { activeStyles, createBody, setBalance, waitForTasks } from '../support/avatars.ts';
import {
  createAccount,
  describeInBrowser,
  openSignedIn,
  PHONE,
  stack,
  uniqueEmail,
  useBrowser,
} from '../support/browser.ts';
import { samePersonAgain, selfie } from '../support/face-fixtures.ts';
import { consentedUser, uploadDirect } from '../support/photos.ts';

const SHOTS = join(import.meta.dirname, '..', '..', '.local', 'screenshots');
const WIDE = { width: 1440, height: 900 };
const MARCH_14 = Date.UTC(2026, 2, 14, 12) / 1000;

const COPY = {
  en: {
    path: '',
    likeness: (n: number) => `Likeness ${n}%`,
    noFace: 'Likeness: no face found',
    hint: /How closely the face in this avatar matches the face in your reference photos/,
    refunded: 'Refunded: it did not look enough like you',
    keep: 'Keep it anyway (1 token)',
    dailyLimit: /^Not refunded: the likeness guarantee refunds at most 10 avatars a day/,
    again: 'Try again',
    cost: (n: number) => `It costs ${n === 1 ? '1 token' : `${n} tokens`}.`,
    sort: 'Sort',
    best: 'Best likeness',
    bestHeading: 'Best likeness first',
    guarantee: 'Likeness guarantee',
    guaranteeText: /If one does not look enough like you, or shows no face at all, its tokens come back/,
  },
  fr: {
    path: '/fr',
    likeness: (n: number) => `Ressemblance ${n} %`,
    noFace: 'Ressemblance : aucun visage détecté',
    hint: /À quel point le visage de cet avatar correspond à celui de vos photos de référence/,
    refunded: 'Remboursé : il ne vous ressemblait pas assez',
    keep: 'Le garder quand même (1 jeton)',
    dailyLimit: /^Non remboursé : la garantie de ressemblance rembourse au plus 10 avatars par jour/,
    again: 'Réessayer',
    cost: (n: number) => `Il coûte ${n === 1 ? '1 jeton' : `${n} jetons`}.`,
    sort: 'Trier',
    best: 'Meilleure ressemblance',
    bestHeading: "Meilleure ressemblance d'abord",
    guarantee: 'Garantie de ressemblance',
    guaranteeText: /S'il ne vous ressemble pas assez, ou ne montre aucun visage, ses jetons reviennent/,
  },
} as const;

const styleFile = (name: string) => `${name.toLowerCase().replace(/ /g, '-')}.webp`;

function tasks(webUrl: string): Partial<AvatarTask>[] {
  const done = (id: string, at: number, style: [number, string], likeness: number | null | undefined) => {
    const refunded = likeness !== undefined && (likeness === null || likeness < 50);
    return {
      id,
      status: 'DONE' as const,
      progress: 100,
      created_at: at,
      updated_at: at,
      style_id: style[0],
      style_name: style[1],
      result_path: `results/${id}_1.jpg`,
      reference_path: null,
      render_kind: 'ai' as const,
      token_cost: 1,
      // A refunded avatar is withheld: the server's blurred copy only (served below, as the server makes it).
      ...(refunded
        ? { withheld: true, preview_url: `${webUrl}/withheld-preview/${styleFile(style[1])}` }
        : {
            thumbnail_url: `${webUrl}/styles/${styleFile(style[1])}`,
            image_url: `${webUrl}/styles/${styleFile(style[1])}`,
          }),
      ...(likeness === undefined ? {} : { likeness, likeness_refunded: refunded, withheld: refunded }),
    };
  };
  return [
    done('newest', MARCH_14, [2, 'Outdoor Portrait'], 72),
    done('stranger', MARCH_14 - 60, [23, 'Neon Cyberpunk'], 31),
    done('best', MARCH_14 - 120, [1, 'Studio Headshot'], 94),
    done('faceless', MARCH_14 - 180, [5, 'Medical Professional'], null),
    {
      ...done('charged', MARCH_14 - 200, [2, 'Outdoor Portrait'], 22),
      likeness_refunded: false,
      withheld: false,
      likeness_not_refunded: 'daily-limit' as const,
      thumbnail_url: `${webUrl}/styles/outdoor-portrait.webp`,
      image_url: `${webUrl}/styles/outdoor-portrait.webp`,
    },
    done('unmeasured', MARCH_14 - 240, [3, 'Creative Professional'], undefined),
  ];
}

const STYLES_DIR = join(import.meta.dirname, '..', '..', 'web', 'public', 'styles');

/** The list, and each withheld card's preview made from the style's picture by the server's own code. */
async function serveTasks(page: Page): Promise<void> {
  await page.route('**/aivatar/user-tasks*', (route) =>
    route.fulfill({ json: { tasks: tasks(stack().webUrl) } }),
  );
  await page.route('**/withheld-preview/*', async (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop() as string;
    const body = await new SharpResultImages().blurredPreview(readFileSync(join(STYLES_DIR, name)));
    await route.fulfill({ body: Buffer.from(body), contentType: 'image/webp' });
  });
}

const cardTexts = (page: Page) =>
  page.getByTestId('task-card').evaluateAll((cards) =>
    cards.map((c) => ({
      style: c.querySelector('[data-testid="task-style"]')?.textContent ?? '',
      likeness: c.querySelector('[data-testid="likeness"]')?.textContent ?? null,
    })),
  );

/** Every card's image drawn (they fade in once loaded): for the screenshots. */
async function imagesLoaded(page: Page): Promise<void> {
  for (const img of await page.locator('.task-card img').all()) await img.scrollIntoViewIfNeeded();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.task-image')].every((i) => i.classList.contains('task-image--loaded')),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
}

const plain = (s: string) => s.replace(/\s+/g, ' ').trim();

describeInBrowser('likeness on the gallery', () => {
  const browser = useBrowser();
  mkdirSync(SHOTS, { recursive: true });

  for (const lang of ['en', 'fr'] as const) {
    test(`${lang}: each card's likeness, the refunded card and its way back to the style, sorted by best likeness`, async () => {
      const copy = COPY[lang];
      const { token } = await createAccount(uniqueEmail(`likeness-${lang}`), { lang });
      const page = await browser.newPage(WIDE);
      await serveTasks(page);
      await openSignedIn(page, token, `${copy.path}/app/gallery`);
      await page.getByTestId('task-card').nth(5).waitFor();

      const cards = await cardTexts(page);
      expect(cards.map((c) => c.likeness && plain(c.likeness))).toEqual([
        copy.likeness(72),
        copy.likeness(31),
        copy.likeness(94),
        copy.noFace,
        copy.likeness(22),
        null,
      ]);
      // The explanation, as the score's tooltip.
      expect(await page.getByTestId('likeness').first().getAttribute('title')).toMatch(copy.hint);
      // Refunded by the guarantee: withheld. The card says so and shows the server's blurred copy only: no
      // modal, no download, no star; "Keep it anyway" and the style again are offered.
      const stranger = page.getByTestId('task-card').nth(1);
      expect(plain(await stranger.getByTestId('likeness-refund').locator('p').innerText())).toBe(
        copy.refunded,
      );
      expect(await stranger.locator('img').count()).toBe(1);
      expect(await stranger.locator('img').getAttribute('src')).toMatch(/\/withheld-preview\//);
      expect(await stranger.locator('.task-card__open').count()).toBe(0);
      expect(await stranger.getByTestId('card-download').count()).toBe(0);
      expect(await stranger.getByTestId('favourite').count()).toBe(0);
      expect(await page.getByTestId('card-download').count()).toBe(4);
      const keep = stranger.getByTestId('keep-anyway');
      expect(plain(await keep.innerText())).toBe(copy.keep);
      expect(await page.getByTestId('likeness-refund').count()).toBe(2);
      // Charged under the threshold: the card says why.
      expect(plain(await page.getByTestId('likeness-not-refunded').innerText())).toMatch(copy.dailyLimit);
      const again = stranger.getByTestId('likeness-refund').getByRole('button', { name: copy.again });
      // (Offered once the styles are read: the confirmation states the style's current price.)
      await again.waitFor();
      await imagesLoaded(page);
      await page.screenshot({ path: join(SHOTS, `likeness-gallery-${lang}-1440.png`), fullPage: true });
      await stranger.screenshot({ path: join(SHOTS, `likeness-withheld-card-${lang}-1440.png`) });

      // "Keep it anyway" asks the server once (it takes the tokens; the list read again shows the avatar).
      const kept: string[] = [];
      await page.route('**/aivatar/tasks/*/keep', (route) => {
        kept.push(`${route.request().method()} ${new URL(route.request().url()).pathname}`);
        return route.fulfill({
          json: { success: true, task_id: 'stranger', tokens_spent: 1, tokens_left: 4 },
        });
      });
      await keep.click();
      await expect.poll(() => kept).toEqual(['POST /aivatar/tasks/stranger/keep']);

      // Best likeness first: scored ones high to low, then no face, then unmeasured.
      await page.getByLabel(copy.sort).selectOption({ label: copy.best });
      await page.getByRole('heading', { name: copy.bestHeading, level: 2 }).waitFor();
      expect((await cardTexts(page)).map((c) => c.likeness && plain(c.likeness))).toEqual([
        copy.likeness(94),
        copy.likeness(72),
        copy.likeness(31),
        copy.likeness(22),
        copy.noFace,
        null,
      ]);

      // The modal shows the score and its explanation in words.
      // (The button's name is the style's, in French from the catalogue's translation.)
      await page.getByTestId('task-card').first().locator('.task-card__open').click();
      const modal = page.getByTestId('avatar-modal');
      await modal.waitFor();
      expect(plain(await modal.getByTestId('likeness').innerText())).toBe(copy.likeness(94));
      expect(await modal.innerText()).toMatch(copy.hint);
      await page.screenshot({ path: join(SHOTS, `likeness-modal-${lang}-1440.png`) });
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });

      // "Try again" on the refunded card asks first, stating what the style costs now.
      const style23 = (await activeStyles()).find((s) => s.id === 23);
      await page
        .getByTestId('task-card')
        .nth(2)
        .getByTestId('likeness-refund')
        .getByRole('button', { name: copy.again })
        .click();
      const dialog = page.getByTestId('try-again-dialog');
      await dialog.waitFor();
      expect(await dialog.getByTestId('try-again-cost').innerText()).toBe(
        copy.cost(style23?.token_cost ?? 0),
      );
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.close();
    });

    test(`${lang}: the phone layout keeps the score and the refund readable`, async () => {
      const { token } = await createAccount(uniqueEmail(`likeness-phone-${lang}`), { lang });
      const page = await browser.newPage(PHONE);
      await serveTasks(page);
      await openSignedIn(page, token, `${COPY[lang].path}/app/gallery`);
      await page.getByTestId('task-card').nth(5).waitFor();
      const refund = page.getByTestId('likeness-refund').first();
      const box = await refund.boundingBox();
      expect(box?.width).toBeLessThanOrEqual(PHONE.width);
      const keep = await refund.getByTestId('keep-anyway').boundingBox();
      expect((keep?.x ?? 0) + (keep?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await imagesLoaded(page);
      await page.screenshot({ path: join(SHOTS, `likeness-gallery-${lang}-390.png`), fullPage: true });
      await page
        .getByTestId('task-card')
        .nth(1)
        .screenshot({ path: join(SHOTS, `likeness-withheld-card-${lang}-390.png`) });
      await page.close();
    });

    test(`${lang}: the pricing and landing pages state the guarantee`, async () => {
      const copy = COPY[lang];
      const page = await browser.newPage(WIDE);
      for (const path of [`${copy.path}/pricing`, copy.path || '/']) {
        await page.goto(path);
        const block = page.getByTestId('likeness-guarantee');
        await block.waitFor();
        expect(await block.getByRole('heading').innerText()).toBe(copy.guarantee);
        expect(plain(await block.innerText())).toMatch(copy.guaranteeText);
      }
      // The landing page's pricing section, where the guarantee sits under the three prices.
      await page.locator('#pricing').screenshot({ path: join(SHOTS, `likeness-landing-${lang}-1440.png`) });
      await page.goto(`${copy.path}/pricing`);
      await page.getByTestId('likeness-guarantee').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `likeness-pricing-${lang}-1440.png`) });
      const phone = await browser.newPage(PHONE);
      await phone.goto(`${copy.path}/pricing`);
      await phone.getByTestId('likeness-guarantee').scrollIntoViewIfNeeded();
      await phone.screenshot({ path: join(SHOTS, `likeness-pricing-${lang}-390.png`) });
      await phone.goto(copy.path || '/');
      await phone.locator('#pricing').screenshot({ path: join(SHOTS, `likeness-landing-${lang}-390.png`) });
      await page.close();
      await phone.close();
    });
  }

  test('end to end: the real worker measures a render of the user, and the gallery shows that score', async () => {
    const { token } = await consentedUser();
    await setBalance(token, { ltd: 3 });
    const { confirmed } = await uploadDirect(token, [
      { name: 'me-1.jpg', bytes: await selfie(1) },
      { name: 'me-2.jpg', bytes: await samePersonAgain(1) },
    ]);
    expect(confirmed[0]?.body.files).toHaveLength(2);
    const style = (await activeStyles()).find((s) => s.token_cost === 1);
    const created = await callRoute('createTasksBatch', { token, body: createBody([style as never]) });
    expect(created.status).toBe(200);
    const [task] = await waitForTasks(token, created.body.task_ids, 90_000);
    expect(task?.status).toBe('DONE');
    expect(task?.likeness).toBeGreaterThanOrEqual(80);
    expect(task?.likeness_refunded).toBe(false);
    const page = await browser.newPage(WIDE);
    await openSignedIn(page, token, '/app/gallery');
    const score = page.getByTestId('likeness');
    await score.waitFor();
    expect(plain(await score.innerText())).toBe(`Likeness ${task?.likeness}%`);
    expect(await page.getByTestId('likeness-refund').count()).toBe(0);
    await page.close();
  }, 120_000);
});
