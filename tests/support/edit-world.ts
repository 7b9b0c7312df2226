// The edits' world for the domain tests (edits, edit-try-again, edit-brush-limits): generation over the fakes
// with the masks kept in memory, the real brush and mask PNG codec, and the segmenter each test gives.
import sharp from 'sharp';
import type { EditDeps, EditMaskFiles } from '../../functions/generation/domain/edits.ts';
import { processTaskMessage } from '../../functions/generation/domain/worker.ts';
import { decodeBrushPng, encodeMaskPng } from '../../functions/generation/images/edit-mask-png.ts';
import { fakeGeneration } from './fakes/generation.ts';

export class MemoryMasks implements EditMaskFiles {
  readonly files = new Map<string, Uint8Array>();
  async save(userId: string, taskId: string, png: Uint8Array) {
    this.files.set(`${userId}/${taskId}`, png);
  }
  async read(userId: string, taskId: string) {
    return this.files.get(`${userId}/${taskId}`) ?? null;
  }
  async remove(userId: string, taskId: string) {
    this.files.delete(`${userId}/${taskId}`);
  }
}

/** The person: the middle third of the picture, top to bottom (the fake avatars are 1024 x 1536). */
export const middleThirdSegmenter = {
  async personMatte(_image: Buffer) {
    const [width, height] = [1024, 1536];
    const alpha = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) alpha.fill(255, y * width + 341, y * width + 683);
    return { width, height, alpha };
  },
};

type Segmenter = NonNullable<ReturnType<typeof fakeGeneration>['worker']['edits']>['segmenter'];

/** Generation over the fakes, with edits: `deps` for editAvatar, the worker's edit path on `segmenter`. */
export function editWorld(segmenter: Segmenter) {
  const w = fakeGeneration();
  const masks = new MemoryMasks();
  const editImages = { decodeBrush: decodeBrushPng, encodeMask: encodeMaskPng };
  const deps: EditDeps = { ...w.create, editMasks: masks, editImages };
  w.worker.edits = { segmenter, masks, images: editImages };
  return { ...w, masks, deps };
}

export type EditWorld = ReturnType<typeof editWorld>;

/** Every queued task message handled once by the worker; what each delivery answered. */
export async function deliverAll(w: ReturnType<typeof fakeGeneration>, receiveCount = 1) {
  const out = [];
  for (const m of w.queue.receive())
    out.push(await processTaskMessage(w.worker, m, { receiveCount, remainingMs: 60_000 }));
  return out;
}

/** A brush PNG: black, white over `square` (px) unless it is null. */
export async function brushPng(
  width = 1024,
  height = 1536,
  square: { left: number; top: number; width: number; height: number } | null = {
    left: 10,
    top: 10,
    width: 100,
    height: 100,
  },
): Promise<string> {
  const white = square
    ? await sharp({ create: { width: square.width, height: square.height, channels: 3, background: '#fff' } })
        .png()
        .toBuffer()
    : null;
  const png = await sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite(white && square ? [{ input: white, left: square.left, top: square.top }] : [])
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** What a call threw (an edit's refusal), or a failure when it did not throw. */
export async function refusal(
  p: Promise<unknown>,
): Promise<{ code?: string; message: string; retryAfterSeconds?: number }> {
  try {
    await p;
  } catch (e) {
    return e as { code?: string; message: string; retryAfterSeconds?: number };
  }
  throw new Error('expected a refusal');
}

/** The user's tokens, subscription and lifetime together. */
export const tokens = (w: ReturnType<typeof fakeGeneration>, userId: string) => {
  const u = w.accounts.peek(userId);
  return (u?.tokensSubscription ?? 0) + (u?.tokensLtd ?? 0);
};
