// What a region edit's brush may ask (functions/generation/domain/edits.ts, docs/product.md "Editing a finished
// avatar"), against the in-memory ports: at most EDIT_MASK_MAX_SHARE of the picture, a brush over the face
// makes a faceless version the user's own choice (charged, not refunded: likeness.ts faceBrushedAway), and
// edit requests are counted per user (EDIT_REQUESTS) before any brush is read.
import { describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import { EDIT_MASK_MAX_SHARE, EDIT_MESSAGES, EDIT_TOKEN_COST } from '#shared/edit-rules.ts';
import { createAvatarBatch } from '../../functions/generation/domain/create-batch.ts';
import { askForEdit, EDIT_REQUESTS, editAvatar } from '../../functions/generation/domain/edits.ts';
import { brushPng, deliverAll, type EditWorld, editWorld, refusal, tokens } from '../support/edit-world.ts';
import { fakePhoto } from '../support/fakes/images.ts';

const world = () => editWorld({ personMatte: async () => null as never });

/** A finished 1024 x 1536 avatar of `user`, its face where the fake face model puts one (x 0.35-0.65, y 0.2-0.6). */
async function finishedAvatar(w: EditWorld, user: User): Promise<string> {
  const { task_ids } = await createAvatarBatch(w.create, user, { styles: [1], style_prompts: [''] }, null);
  await deliverAll(w);
  const id = task_ids[0] as string;
  expect(await w.tasks.get(user.id, id)).toMatchObject({
    status: 'DONE',
    faceBox: { x: 0.35, y: 0.2, width: 0.3, height: 0.4 },
  });
  return id;
}

/** A 1024 x 1536 brush PNG: black, white over the rectangle given in px. */
const brushOver = (left: number, top: number, width: number, height: number) =>
  brushPng(1024, 1536, { left, top, width, height });

describe('how much a brush may cover', () => {
  it('refuses a brush over more than half of the picture, in English and French, with nothing spent', async () => {
    expect(EDIT_MASK_MAX_SHARE).toBe(0.5);
    const w = world();
    const user = await w.user();
    const id = await finishedAvatar(w, user);
    const before = tokens(w, user.id);
    // 1024 x 800 of 1024 x 1536: 52 % of the picture.
    const mask = await brushOver(0, 0, 1024, 800);
    const en = await refusal(
      editAvatar(w.deps, user, id, { kind: 'region', prompt: 'a new scene', mask }, 'k1'),
    );
    expect(en).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The brush covers more than 50% of the picture: brush only the region to change.',
    });
    const fr = await refusal(
      editAvatar(w.deps, { ...user, lang: 'fr' }, id, { kind: 'region', prompt: 'a new scene', mask }, 'k2'),
    );
    expect(fr.message).toBe(
      'Le pinceau couvre plus de 50\u00a0% de l’image\u00a0: ne peignez que la zone à changer.',
    );
    expect(tokens(w, user.id)).toBe(before);
    expect(w.masks.files.size).toBe(0);
    expect(w.tasks.all(user.id)).toHaveLength(1);
    // Exactly half is taken.
    const half = await brushOver(0, 0, 1024, 768);
    const made = await editAvatar(
      w.deps,
      user,
      id,
      { kind: 'region', prompt: 'a new sky', mask: half },
      null,
    );
    expect(made.version).toBe(2);
  });
});

describe('a version with no face', () => {
  /** The provider answers a picture in which the face model finds no face. */
  function facelessAnswers(w: EditWorld) {
    const edit = w.provider.edit.bind(w.provider);
    w.provider.edit = async (request) => ({
      ...(await edit(request)),
      image: Buffer.from(fakePhoto({ faces: [] })),
    });
  }

  it('is charged when the brush covered the face (the user asked for the face to change), refunded when not', async () => {
    const w = world();
    const user = await w.user();
    const id = await finishedAvatar(w, user);
    const before = tokens(w, user.id);
    facelessAnswers(w);
    // The source's face box in px: x 358-666, y 307-922.
    const mask = await brushOver(358, 307, 308, 615);
    const { task_id } = await editAvatar(
      w.deps,
      user,
      id,
      { kind: 'region', prompt: 'a dragon head', mask },
      null,
    );
    await deliverAll(w);
    const v2 = await w.tasks.get(user.id, task_id);
    expect(v2).toMatchObject({ status: 'DONE', refunded: false, likeness: { score: null, refunded: false } });
    expect(tokens(w, user.id)).toBe(before - EDIT_TOKEN_COST);
    const ledger = await w.accounts.listLedger(user.id, 20);
    expect(ledger.filter((e) => e.reason === 'likeness_refund')).toEqual([]);
    // A brush away from the face: a faceless version is the provider's failure, refunded as before.
    const away = await brushOver(10, 1300, 200, 200);
    const plant = await editAvatar(w.deps, user, id, { kind: 'region', prompt: 'a plant', mask: away }, null);
    await deliverAll(w);
    expect(await w.tasks.get(user.id, plant.task_id)).toMatchObject({
      status: 'DONE',
      likeness: { score: null, refunded: true },
    });
    expect(tokens(w, user.id)).toBe(before - EDIT_TOKEN_COST);
  });
});

describe('edit requests per user', () => {
  it(`answers 429 past ${EDIT_REQUESTS.limit} in ${EDIT_REQUESTS.windowSeconds / 60} minutes, refused ones included, before reading a brush`, async () => {
    const w = world();
    const user = { ...(await w.user()), lang: 'fr' as const };
    const deps = { ...w.deps, limiter: w.limiter };
    for (let i = 0; i < EDIT_REQUESTS.limit; i++)
      expect(await refusal(askForEdit(deps, user, 'x', { kind: 'sky' }, null))).toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    const limited = await refusal(askForEdit(deps, user, 'x', { kind: 'sky' }, null));
    expect(limited).toMatchObject({ code: 'RATE_LIMITED', message: EDIT_MESSAGES.tooMany.fr });
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
    // Another account is not held back.
    const other = await w.user();
    expect(await refusal(askForEdit(deps, other, 'x', { kind: 'sky' }, null))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});
