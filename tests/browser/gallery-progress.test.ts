// Issue 23, item 13: while avatars are being made, My Avatars shows each task's real stage (queued,
// generating, finishing) with the time left, and each batch "Generating 1 of 2", in English and French, on
// a desktop and on a phone. Real tasks on the real table, made by the real worker (its own queue, the OpenAI
// adapter against the fake provider, slowed to 15 s for the image being watched: under the 20 s the worker
// gives a call here), read through the real API.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DynamoTaskDurations } from '../../functions/adapters/dynamodb/task-durations.ts';
import { DURATION_SLOTS } from '../../functions/domain/generation/task-progress.ts';
import { encodeTaskMessage } from '../../functions/domain/generation/task-queue.ts';
import { callRoute, stack } from '../support/api.ts';
import { creator, stylesCosting, testDb, waitForTasks } from '../support/avatars.ts';
import { describeInBrowser, openSignedIn, PHONE, useBrowser } from '../support/browser.ts';
import { startWorkerHarness, type WorkerHarness } from '../support/worker-harness.ts';

const DESKTOP = { width: 1440, height: 900 };

const WORDS = {
  en: {
    queued: 'Queued',
    generating: 'Generating',
    eta: /^(about \d+ (seconds?|minutes?) left|almost done|taking longer than usual)$/,
    about: /^about (45|50) seconds left$/,
    batchGenerating: 'Generating 1 of 2',
    refresh: 'Refresh',
  },
  fr: {
    queued: "En file d'attente",
    generating: 'Génération',
    eta: /^(encore \d+ (secondes?|minutes?) environ|presque terminé|plus long que d'habitude)$/,
    about: /^encore (45|50) secondes environ$/,
    batchGenerating: 'Génération 1 sur 2',
    refresh: 'Actualiser',
  },
} as const;

let h: WorkerHarness;
let styleIds: number[];
beforeAll(async () => {
  h = await startWorkerHarness();
  styleIds = (await stylesCosting(2)).map((s) => s.id);
});

/**
 * Recent tasks as a real provider makes them (5 s queued, 40 s generating, 5 s finishing): the local
 * renderer's tasks, which the shared stack also records, take a second or two.
 */
async function recentTasksTook(queued: number, generating: number, finishing: number) {
  const durations = new DynamoTaskDurations(testDb(), stack().tableName);
  const at = Math.floor(Date.now() / 1000);
  for (let slot = 0; slot < DURATION_SLOTS; slot++)
    await durations.record(slot, { queued, generating, finishing, at });
}
afterAll(() => h?.stop());

/** The card of a task: its stage's name and its time left, as the line under it says them. */
async function stageOf(page: Page, index: number): Promise<{ stage: string; name: string; eta: string }> {
  const line = page.getByTestId('task-card').nth(index).getByTestId('task-stage');
  const [name, , eta] = await line.locator('span').allInnerTexts();
  return {
    stage: (await line.getAttribute('data-stage')) as string,
    name: name as string,
    eta: eta as string,
  };
}

/** expect.poll with the time a busy machine needs (its default is one second). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

async function batchLine(page: Page): Promise<{ what: string; eta: string }> {
  const text = await page.getByTestId('batch-progress').innerText();
  const [what, eta] = text.split(' · ');
  return { what: what as string, eta: eta as string };
}

describeInBrowser('My Avatars while avatars are being made', () => {
  const browser = useBrowser();

  for (const lang of ['en', 'fr'] as const) {
    // Longer than the project's minute: the provider is slowed on purpose so the stages can be watched.
    test(`${lang}: each card's stage and time left, the batch's "1 of 2", on a desktop then a phone`, {
      timeout: 120_000,
    }, async () => {
      const w = WORDS[lang];
      // An account of its own (two photos, the face model's time): what another test left pending never
      // shows here.
      const user = await creator({ ltd: 5 }, lang);
      await recentTasksTook(5, 40, 5);
      // Created onto a queue no worker reads: both wait, queued, until a message is sent on below.
      const parked = await h.sqs.newQueue({});
      const { task_ids } = await h.create(user.userId, styleIds, { queue: parked });
      const gallery = `${lang === 'fr' ? '/fr' : ''}/app/gallery`;

      const desktop = await browser.newPage(DESKTOP);
      await openSignedIn(desktop, user.token, gallery);
      await poll(() => desktop.getByTestId('task-stage').count()).toBe(2);
      for (const i of [0, 1]) {
        const card = await stageOf(desktop, i);
        expect(card).toMatchObject({ stage: 'queued', name: w.queued });
        expect(card.eta).toMatch(w.about);
      }
      expect((await batchLine(desktop)).what).toBe(w.queued);
      expect((await batchLine(desktop)).eta).toMatch(w.about);

      // The first one starts on the worker; the provider takes 15 s to answer.
      h.provider.script({ kind: 'ok', delayMs: 15_000 });
      await h.send(encodeTaskMessage({ taskId: task_ids[0] as string, userId: user.userId }));
      await expect
        .poll(
          async () =>
            (await callRoute('userTasks', { token: user.token })).body.tasks.find((t) => t.id === task_ids[0])
              ?.stage,
          { timeout: 20_000 },
        )
        .toBe('generating');
      await desktop.getByRole('button', { name: w.refresh }).click();
      // Cards are newest first: a batch reads in the order its styles were picked.
      await poll(() => stageOf(desktop, 0).then((s) => s.stage)).toBe('generating');
      expect((await stageOf(desktop, 0)).name).toBe(w.generating);
      expect((await stageOf(desktop, 0)).eta).toMatch(w.eta);
      expect((await stageOf(desktop, 1)).stage).toBe('queued');
      expect((await batchLine(desktop)).what).toBe(w.batchGenerating);
      // Three steps on a card: the first done, the second under way.
      const steps = desktop.getByTestId('task-card').first().locator('.stage-track__step');
      expect(await steps.evaluateAll((s) => s.map((e) => e.className.split('--')[1]))).toEqual([
        'done',
        'current',
        'next',
      ]);
      // The percent moves with the estimate during the provider's one long step (not stuck at 25).
      const percent = desktop.getByTestId('task-card').first().getByTestId('progress-percent');
      const first = Number.parseInt(await percent.innerText(), 10);
      await expect
        .poll(async () => Number.parseInt(await percent.innerText(), 10), { timeout: 8000 })
        .toBeGreaterThan(first);

      // The same, on a phone, opened while the first one is still being made.
      const phone = await browser.newPage(PHONE);
      await openSignedIn(phone, user.token, gallery);
      await poll(() => phone.getByTestId('task-stage').count()).toBe(2);
      expect(['generating', 'finishing']).toContain((await stageOf(phone, 0)).stage);
      expect((await stageOf(phone, 1)).name).toBe(w.queued);
      expect(await phone.getByTestId('batch-progress').isVisible()).toBe(true);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );

      // The second one goes too; once both are done, no stage and no estimate are left on screen.
      await h.send(encodeTaskMessage({ taskId: task_ids[1] as string, userId: user.userId }));
      await waitForTasks(user.token, task_ids, 60_000);
      await phone.getByRole('button', { name: w.refresh }).click();
      await poll(() => phone.getByTestId('task-stage').count()).toBe(0);
      expect(await phone.getByTestId('batch-progress').count()).toBe(0);
      expect(
        await phone
          .getByTestId('task-card')
          .evaluateAll((c) => c.slice(0, 2).map((e) => e.getAttribute('data-status'))),
      ).toEqual(['DONE', 'DONE']);
    });
  }
});
