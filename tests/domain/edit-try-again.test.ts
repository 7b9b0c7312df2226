// "Try again" on a version made by an edit (functions/generation/domain/try-again.ts): the same edit of the
// same source version at an edit's price, never a whole new avatar at the style's; a region's brush kept
// by the worker when the likeness guarantee gave the version's tokens back, so the same region is redone.
// Against the in-memory ports of tests/support/fakes.
import { describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import { EDIT_TOKEN_COST } from '#shared/edit-rules.ts';
import { createAvatarBatch } from '../../functions/generation/domain/create-batch.ts';
import { editAvatar } from '../../functions/generation/domain/edits.ts';
import { tryTaskAgain } from '../../functions/generation/domain/try-again.ts';
import {
  brushPng,
  deliverAll,
  type EditWorld,
  editWorld,
  middleThirdSegmenter,
  refusal,
  tokens,
} from '../support/edit-world.ts';
import { descriptorOf } from '../support/fakes/images.ts';

const world = () => editWorld(middleThirdSegmenter);

/** A finished avatar of a style costing 3 tokens. */
async function finishedAvatar(w: EditWorld, user: User): Promise<string> {
  (w.styles.styles.get(1) as { tokenCost: number }).tokenCost = 3;
  const { task_ids } = await createAvatarBatch(w.create, user, { styles: [1], style_prompts: [''] }, null);
  await deliverAll(w);
  const id = task_ids[0] as string;
  expect((await w.tasks.get(user.id, id))?.status).toBe('DONE');
  return id;
}

/** From now on the user's photos measure someone else: the next version made is refunded by the guarantee. */
async function photosNowShowSomeoneElse(w: EditWorld, user: User) {
  const now = w.clock.now();
  for (const p of await w.photoStore.list(user.id, now)) {
    await w.photoStore.remove(user.id, p.filename, now);
    const face = p.face ? { ...p.face, descriptor: descriptorOf('zed') } : null;
    await w.photoStore.add(user.id, { ...p, face }, 20, now);
  }
}

describe('try again on an edited version', { timeout: 30_000 }, () => {
  it('a refunded backdrop edit is made again from the same source, at an edit’s price', async () => {
    const w = world();
    const user = await w.user({ tokensLtd: 20 });
    const id = await finishedAvatar(w, user);
    const v2 = await editAvatar(w.deps, user, id, { kind: 'backdrop', colour: '#2b5c8a' }, 'edit-1');
    await photosNowShowSomeoneElse(w, user);
    await deliverAll(w);
    expect((await w.tasks.get(user.id, v2.task_id))?.likeness?.refunded).toBe(true);
    const before = tokens(w, user.id);

    const answer = await tryTaskAgain(
      w.deps,
      user,
      v2.task_id,
      { expected_cost: EDIT_TOKEN_COST },
      'again-1',
    );
    expect(answer).toMatchObject({
      task_ids: [expect.any(String)],
      tokens_spent: EDIT_TOKEN_COST,
      tokens_left: before - EDIT_TOKEN_COST,
      msg: 'Version 3 is being made. It will appear in your gallery in about 30 seconds.',
    });
    expect(tokens(w, user.id)).toBe(before - EDIT_TOKEN_COST);
    const v3 = await w.tasks.get(user.id, answer.task_ids[0] as string);
    expect(v3).toMatchObject({
      version: 3,
      tokenCost: EDIT_TOKEN_COST,
      edit: {
        editOf: id,
        rootId: id,
        spec: { kind: 'backdrop', backdrop: 'plain-colour', colour: '#2b5c8a' },
      },
    });
    // The same key again: the same version, charged once.
    const repeat = await tryTaskAgain(w.deps, user, v2.task_id, {}, 'again-1');
    expect(repeat.task_ids).toEqual(answer.task_ids);
    expect(tokens(w, user.id)).toBe(before - EDIT_TOKEN_COST);
  });

  it('the confirmation’s price is an edit’s: the style’s price is a changed price (409), nothing spent', async () => {
    const w = world();
    const user = await w.user({ tokensLtd: 20, lang: 'fr' });
    const id = await finishedAvatar(w, user);
    const v2 = await editAvatar(w.deps, user, id, { kind: 'retouch', level: 'light' }, null);
    await deliverAll(w);
    const before = tokens(w, user.id);
    expect(await refusal(tryTaskAgain(w.deps, user, v2.task_id, { expected_cost: 3 }, 'k'))).toMatchObject({
      code: 'PRICE_CHANGED',
      message: 'Ce style coûte maintenant 1 jeton : confirmez à nouveau.',
    });
    expect(tokens(w, user.id)).toBe(before);
    const answer = await tryTaskAgain(w.deps, user, v2.task_id, { expected_cost: 1 }, 'k');
    expect(answer.msg).toBe(
      'La version 3 est en cours de création. Elle apparaîtra dans votre galerie dans une trentaine de secondes.',
    );
    expect((await w.tasks.get(user.id, answer.task_ids[0] as string))?.edit?.spec).toEqual({
      kind: 'retouch',
      level: 'light',
    });
  });

  it('a refunded region edit keeps its brush, and is made again with the same brush and words', async () => {
    const w = world();
    const user = await w.user({ tokensLtd: 20 });
    const id = await finishedAvatar(w, user);
    const mask = await brushPng();
    const v2 = await editAvatar(w.deps, user, id, { kind: 'region', prompt: 'remove the glare', mask }, null);
    await photosNowShowSomeoneElse(w, user);
    await deliverAll(w);
    expect((await w.tasks.get(user.id, v2.task_id))?.likeness?.refunded).toBe(true);
    expect(w.masks.files.has(`${user.id}/${v2.task_id}`)).toBe(true);

    const answer = await tryTaskAgain(w.deps, user, v2.task_id, {}, 'again-2');
    const v3 = answer.task_ids[0] as string;
    expect((await w.tasks.get(user.id, v3))?.edit?.spec).toEqual({
      kind: 'region',
      prompt: 'remove the glare',
    });
    expect(Buffer.from(w.masks.files.get(`${user.id}/${v3}`) as Uint8Array).toString('base64')).toBe(
      mask.slice('data:image/png;base64,'.length),
    );
  });

  it('a region edit whose brush is gone is refused with its reason (400), nothing spent', async () => {
    const w = world();
    const user = await w.user({ tokensLtd: 20 });
    const id = await finishedAvatar(w, user);
    const v2 = await editAvatar(
      w.deps,
      user,
      id,
      { kind: 'region', prompt: 'a hat', mask: await brushPng() },
      null,
    );
    // Made and kept: the worker removed the brush.
    await deliverAll(w);
    expect(w.masks.files.has(`${user.id}/${v2.task_id}`)).toBe(false);
    const before = tokens(w, user.id);
    expect(await refusal(tryTaskAgain(w.deps, user, v2.task_id, {}, 'k'))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: "This edit's brushed region is no longer kept: brush it again with Edit.",
    });
    expect(tokens(w, user.id)).toBe(before);
  });
});

describe('an edit in the account’s history', { timeout: 30_000 }, () => {
  it('its debit is an `edit`, and a failed edit’s refund an `edit_refund`, not a first render’s words', async () => {
    const w = world();
    const user = await w.user({ tokensLtd: 20 });
    const id = await finishedAvatar(w, user);
    await editAvatar(w.deps, user, id, { kind: 'outfit', outfit: 'suit' }, null);
    w.provider.answer({ kind: 'refusal' });
    await deliverAll(w);
    const reasons = (await w.accounts.listLedger(user.id, 10)).map((e) => [e.reason, e.amount]);
    expect(reasons).toContainEqual(['edit', -EDIT_TOKEN_COST]);
    expect(reasons).toContainEqual(['edit_refund', EDIT_TOKEN_COST]);
    // The first render's debit keeps its name.
    expect(reasons).toContainEqual(['generation', -3]);
    expect(reasons.filter(([r]) => r === 'generation' || r === 'generation_refund')).toHaveLength(1);
  });
});
