// The OpenAI adapter of the provider port, through the official `openai` package, against a local server
// that speaks the image edits endpoint: what it sends, what it makes of each answer, and how it retries.
import OpenAI, { toFile } from 'openai';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OpenAiImageProvider } from '../../functions/generation/ai/openai-image-provider.ts';
import { editMask } from '../../functions/generation/domain/edit-masks.ts';
import { editPrompt } from '../../functions/generation/domain/edit-prompts.ts';
import type {
  AvatarRequest,
  EditRequest,
  EditSpec,
} from '../../functions/generation/domain/image-provider.ts';
import {
  ProviderPermanentError,
  ProviderRateLimitedError,
  ProviderRefusalError,
  ProviderTransientError,
} from '../../functions/generation/domain/provider-errors.ts';
import { encodeMaskPng } from '../../functions/generation/images/edit-mask-png.ts';
import { DEFAULT_RECIPE } from '../../functions/styles/domain/render-recipe.ts';
import { type FakeImageProvider, startFakeImageProvider } from '../support/fake-image-provider.ts';

let fake: FakeImageProvider;
let request: AvatarRequest;
beforeAll(async () => {
  fake = await startFakeImageProvider('sk-test-fake');
  const photo = (background: string) => sharp({ create: { width: 64, height: 80, channels: 3, background } });
  request = {
    references: [
      { bytes: await photo('#c08040').jpeg().toBuffer(), contentType: 'image/jpeg' },
      { bytes: await photo('#4080c0').png().toBuffer(), contentType: 'image/png' },
    ],
    prompt: 'A studio headshot of the person in the reference photos, keeping their face exactly.',
    size: '1024x1536',
    quality: 'medium',
    inputFidelity: 'high',
    recipe: DEFAULT_RECIPE,
    endUser: 'user-hash-1',
  };
});
beforeEach(() => fake.reset());
afterAll(() => fake.stop());

const provider = (more: Partial<ConstructorParameters<typeof OpenAiImageProvider>[0]> = {}) =>
  new OpenAiImageProvider({ apiKey: 'sk-test-fake', baseURL: fake.baseURL, retryBaseMs: 20, ...more });

describe('the OpenAI image edits adapter', () => {
  it("sends the photos as image[], the prompt and the style's settings, and returns the image with its usage", async () => {
    const result = await provider().generate(request);
    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls as [(typeof fake.calls)[number]];
    expect(call.authorization).toBe('Bearer sk-test-fake');
    expect(call.fields).toMatchObject({
      model: 'gpt-image-1.5',
      prompt: request.prompt,
      size: '1024x1536',
      quality: 'medium',
      input_fidelity: 'high',
      n: '1',
      output_format: 'png',
      safety_identifier: 'user-hash-1',
    });
    expect(call.images).toEqual([
      expect.objectContaining({ field: 'image[]', filename: 'reference-1.jpg', type: 'image/jpeg' }),
      expect.objectContaining({ field: 'image[]', filename: 'reference-2.png', type: 'image/png' }),
    ]);

    expect(result).toMatchObject({
      contentType: 'image/png',
      width: 1024,
      height: 1536,
      kind: 'ai',
      model: 'gpt-image-1.5',
      attempts: 1,
    });
    const meta = await sharp(result.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1536]);
    expect(result.usage).toEqual({
      inputImageTokens: 2 * 3800,
      inputTextTokens: Math.ceil(request.prompt.length / 4),
      inputTokens: 2 * 3800 + Math.ceil(request.prompt.length / 4),
      outputTokens: 1584,
      totalTokens: 2 * 3800 + Math.ceil(request.prompt.length / 4) + 1584,
    });
  });

  it('leaves input_fidelity out for a model that does not take it', async () => {
    await provider({ model: 'gpt-image-2' }).generate(request);
    expect(fake.calls[0]?.fields.model).toBe('gpt-image-2');
    expect(fake.calls[0]?.fields).not.toHaveProperty('input_fidelity');
  });

  it('retries a server error and succeeds', async () => {
    fake.script({ kind: 'server-error' }, { kind: 'server-error', status: 503 });
    const result = await provider().generate(request);
    expect(result.attempts).toBe(3);
    expect(fake.calls).toHaveLength(3);
  });

  it('waits as long as Retry-After says on a 429, then succeeds', async () => {
    fake.script({ kind: 'rate-limit', retryAfter: '1' });
    const started = Date.now();
    const result = await provider().generate(request);
    expect(result.attempts).toBe(2);
    const [first, second] = fake.calls;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('hands a long Retry-After back to the caller instead of waiting it out', async () => {
    fake.script({ kind: 'rate-limit', retryAfter: '120' });
    const error = await provider()
      .generate(request)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProviderRateLimitedError);
    expect(error.retryAfterSeconds).toBe(120);
    expect(error.retryable).toBe(true);
    expect(fake.calls).toHaveLength(1);
  });

  it('maps a safety refusal to a refusal, without retrying', async () => {
    fake.script({ kind: 'refusal', categories: ['violence'] });
    const error = await provider()
      .generate(request)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProviderRefusalError);
    expect(error.categories).toEqual(['violence']);
    expect(error.providerCode).toBe('moderation_blocked');
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/rejected by the safety system/);
    expect(fake.calls).toHaveLength(1);
  });

  it('ends in a transient error once its retries are spent', async () => {
    fake.script({ kind: 'server-error' }, { kind: 'server-error' }, { kind: 'server-error' });
    const error = await provider()
      .generate(request)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProviderTransientError);
    expect(error.status).toBe(500);
    expect(fake.calls).toHaveLength(3);
  });

  it('counts a call that outlives its timeout as transient', async () => {
    fake.script({ kind: 'hang', ms: 3000 }, { kind: 'hang', ms: 3000 });
    const error = await provider({ timeoutMs: 300, maxRetries: 1 })
      .generate(request)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProviderTransientError);
    expect(error.message).toMatch(/did not answer in time/);
    expect(fake.calls).toHaveLength(2);
  });

  it("starts no retry that could not finish before the caller's deadline", async () => {
    fake.script({ kind: 'server-error' }, { kind: 'server-error' });
    const error = await provider({ retryBaseMs: 2000 })
      .generate({ ...request, deadline: Date.now() + 1000 })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProviderTransientError);
    expect(fake.calls).toHaveLength(1);
  });

  it('treats a wrong key and an exhausted quota as permanent', async () => {
    const wrongKey = await provider({ apiKey: 'sk-wrong' })
      .generate(request)
      .catch((e) => e);
    expect(wrongKey).toBeInstanceOf(ProviderPermanentError);
    expect(wrongKey.status).toBe(401);
    fake.script({ kind: 'rate-limit', code: 'insufficient_quota' });
    const noCredit = await provider()
      .generate(request)
      .catch((e) => e);
    expect(noCredit).toBeInstanceOf(ProviderPermanentError);
    expect(noCredit.providerCode).toBe('insufficient_quota');
  });

  it('retries an answer that carries no image', async () => {
    fake.script({ kind: 'no-image' });
    const result = await provider().generate(request);
    expect(result.attempts).toBe(2);
  });
});

describe('the OpenAI adapter’s edits', () => {
  const W = 1024;
  const H = 1024;
  /** A person: a disc in the middle of the picture. */
  const matte = { width: W, height: H, alpha: new Uint8Array(W * H) };
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) if ((x - 512) ** 2 + (y - 560) ** 2 < 300 ** 2) matte.alpha[y * W + x] = 255;
  const STYLE = 'A studio headshot in soft light.';

  async function editOf(spec: EditSpec): Promise<{ req: EditRequest; painted: number }> {
    const g = editMask(spec, { width: W, height: H, matte, face: null });
    const image = await sharp({ create: { width: W, height: H, channels: 3, background: '#8899aa' } })
      .jpeg()
      .toBuffer();
    return {
      req: {
        image,
        contentType: 'image/jpeg',
        mask: await encodeMaskPng(g.mask),
        width: g.canvas.width,
        height: g.canvas.height,
        placement: g.placement,
        edit: spec,
        prompt: editPrompt(STYLE, spec),
        recipe: DEFAULT_RECIPE,
        endUser: 'user-hash-1',
      },
      painted: g.mask.alpha.filter((v) => v === 0).length,
    };
  }

  it('backdrop: sends the picture and a mask of its size, transparent exactly on the backdrop, with the words', async () => {
    const { req, painted } = await editOf({ kind: 'backdrop', backdrop: 'office' });
    const result = await provider().edit(req);
    expect([result.width, result.height, result.kind]).toEqual([W, H, 'ai']);
    const call = fake.calls[0];
    expect(call?.images.map((i) => [i.field, i.type])).toEqual([['image[]', 'image/png']]);
    expect(call?.fields).toMatchObject({ size: '1024x1024', model: 'gpt-image-1.5', input_fidelity: 'high' });
    expect(call?.fields.prompt?.startsWith(STYLE)).toBe(true);
    expect(call?.fields.prompt).toMatch(/replace only the background/);
    const mask = call?.mask;
    expect([mask?.width, mask?.height]).toEqual([mask?.image.width, mask?.image.height]);
    expect(mask?.transparent).toBe(painted);
    expect(mask?.alpha[5 * W + 5]).toBe(0);
    expect(mask?.alpha[560 * W + 512]).toBe(255);
  });

  it('framing 4:1: the canvas letterboxed in the nearest size, the padding and letterbox transparent, the answer at the canvas size', async () => {
    const { req } = await editOf({ kind: 'framing', aspect: '4:1' });
    expect([req.width, req.height]).toEqual([2048, 512]);
    const result = await provider().edit(req);
    expect([result.width, result.height]).toEqual([2048, 512]);
    expect((await sharp(result.image).metadata()).width).toBe(2048);
    const mask = fake.calls[0]?.mask;
    expect([mask?.width, mask?.height]).toEqual([1536, 1024]);
    expect([mask?.image.width, mask?.image.height]).toEqual([1536, 1024]);
    // The placed picture (the middle quarter of the banner) is kept; its sides and the letterbox are painted.
    expect(mask?.alpha[512 * 1536 + 768]).toBe(255);
    expect(mask?.alpha[512 * 1536 + 100]).toBe(0);
    expect(mask?.alpha[50 * 1536 + 768]).toBe(0);
    expect(fake.calls[0]?.fields.size).toBe('1536x1024');
  });

  it('the stand-in refuses a mask of another size, or one with nothing to paint, as the endpoint does', async () => {
    const client = new OpenAI({ apiKey: 'sk-test-fake', baseURL: fake.baseURL, maxRetries: 0 });
    const png = (w: number, h: number, alpha: number) =>
      sharp({ create: { width: w, height: h, channels: 4, background: { r: 0, g: 0, b: 0, alpha } } })
        .png()
        .toBuffer();
    const send = async (mask: Buffer) =>
      client.images
        .edit({
          model: 'gpt-image-1.5',
          prompt: 'x',
          image: [await toFile(await png(64, 64, 1), 'a.png', { type: 'image/png' })],
          mask: await toFile(mask, 'm.png', { type: 'image/png' }),
        })
        .then(
          () => 200,
          (e: { status?: number; message?: string }) => `${e.status} ${e.message}`,
        );
    expect(await send(await png(32, 32, 0))).toMatch(/^400 .*size does not match/);
    expect(await send(await png(64, 64, 1))).toMatch(/^400 .*no transparent area/);
    expect(await send(await png(64, 64, 0))).toBe(200);
  });
});
