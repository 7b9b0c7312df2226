// A local stand-in for the provider's image edits endpoint (POST /v1/images/edits): multipart in, base64
// image out, usage as the provider reports it, and the provider's own error bodies for refusals (400),
// rate limits (429 with Retry-After) and server errors (500). Tests script what the next calls answer.
// Like the real provider, the image it answers shows the person of the first photo sent (that photo, at
// the size asked), so the likeness guarantee sees them; a photo it cannot read gives a plain picture.
// With a mask (an edit), it refuses what the real endpoint refuses: a mask that is not a PNG with an alpha
// channel, or not the size of the image; it records the mask's size and transparent area for the tests.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import sharp from 'sharp';
import { OUTPUT_TOKENS, REFERENCE_TOKENS } from '../../functions/generation/domain/provider-pricing.ts';

export type Scripted =
  /** `delayMs`: the answer waits that long at most; `release()` ends the wait sooner */
  | { kind: 'ok'; delayMs?: number }
  | { kind: 'refusal'; categories?: string[] }
  | { kind: 'rate-limit'; retryAfter?: string; retryAfterMs?: string; code?: string }
  | { kind: 'server-error'; status?: number }
  | { kind: 'hang'; ms: number }
  | { kind: 'no-image' };

export interface RecordedImage {
  field: string;
  filename: string;
  type: string;
  bytes: number;
}

/** An edit's mask as received: its size, the image's, and how many pixels are transparent (paintable). */
export interface RecordedMask {
  width: number;
  height: number;
  image: { width: number; height: number };
  transparent: number;
  /** the mask's alpha, one byte a pixel, for tests that check where it is transparent */
  alpha: Uint8Array;
}

export interface RecordedCall {
  authorization: string | undefined;
  mask?: RecordedMask;
  fields: Record<string, string>;
  images: RecordedImage[];
  at: number;
  /** what it was answered (set once an answer is chosen) */
  answer?: Scripted['kind'];
}

export interface FakeProviderOptions {
  /** What a call answers once the script is used up; default: success at once. */
  otherwise?(call: RecordedCall): Scripted;
}

export interface FakeImageProvider {
  baseURL: string;
  calls: RecordedCall[];
  /** What the next calls answer, in order; once used up, every call succeeds. */
  script(...answers: Scripted[]): void;
  /** Answers now every call waiting out its `delayMs`; with none waiting yet, the next one that comes. */
  release(): void;
  reset(): void;
  stop(): Promise<void>;
}

const SIZES = new Set(['1024x1024', '1024x1536', '1536x1024', 'auto']);
const QUALITIES = new Set(['low', 'medium', 'high', 'auto']);
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
const takesFidelity = (model: string) => /^gpt-image-1(\.5)?$/.test(model);

const apiError = (message: string, type: string, code: string | null, param: string | null = null) => ({
  error: { message, type, param, code },
});

async function readRequest(req: IncomingMessage): Promise<FormData> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  return new Request('http://fake/', { method: 'POST', headers, body: Buffer.concat(chunks) }).formData();
}

const validationError = (fields: Record<string, string>, images: RecordedImage[]): object | null => {
  if (!images.length)
    return apiError(
      "Missing required parameter: 'image'.",
      'invalid_request_error',
      'missing_required_parameter',
      'image',
    );
  if (images.length > 16)
    return apiError('Too many images: at most 16.', 'invalid_request_error', 'invalid_value', 'image');
  for (const i of images) {
    if (!IMAGE_TYPES.has(i.type)) {
      return apiError(
        `Invalid file '${i.field}': unsupported mimetype ('${i.type}').`,
        'invalid_request_error',
        'unsupported_file_mimetype',
        i.field,
      );
    }
  }
  if (!fields.prompt)
    return apiError(
      "Missing required parameter: 'prompt'.",
      'invalid_request_error',
      'missing_required_parameter',
      'prompt',
    );
  if (fields.prompt.length > 32_000)
    return apiError('Prompt too long.', 'invalid_request_error', 'string_above_max_length', 'prompt');
  if (fields.size && !SIZES.has(fields.size))
    return apiError(`Invalid value: '${fields.size}'.`, 'invalid_request_error', 'invalid_value', 'size');
  if (fields.quality && !QUALITIES.has(fields.quality))
    return apiError(
      `Invalid value: '${fields.quality}'.`,
      'invalid_request_error',
      'invalid_value',
      'quality',
    );
  if (fields.input_fidelity && !takesFidelity(fields.model ?? '')) {
    return apiError(
      `The input_fidelity parameter is not supported for model ${fields.model}.`,
      'invalid_request_error',
      'unsupported_parameter',
      'input_fidelity',
    );
  }
  return null;
};

/** The endpoint's rules for a mask: a PNG with alpha, the first image's size, some of it transparent. */
async function checkMask(mask: Blob, image: Blob): Promise<RecordedMask | { error: object }> {
  const invalid = (message: string) => ({
    error: apiError(message, 'invalid_request_error', 'invalid_image_format', 'mask'),
  });
  try {
    const bytes = Buffer.from(await mask.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    const of = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    if (meta.format !== 'png' || !meta.hasAlpha)
      return invalid('Invalid mask image format - mask must be a PNG with an alpha channel.');
    if (meta.width !== of.width || meta.height !== of.height)
      return invalid('Invalid mask image format - mask size does not match image size.');
    const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const alpha = new Uint8Array(info.width * info.height);
    let transparent = 0;
    for (let p = 0; p < alpha.length; p++) {
      alpha[p] = data[p * info.channels + info.channels - 1] as number;
      if (alpha[p] === 0) transparent++;
    }
    if (!transparent) return invalid('Invalid mask image format - the mask has no transparent area to edit.');
    return {
      width: info.width,
      height: info.height,
      image: { width: of.width as number, height: of.height as number },
      transparent,
      alpha,
    };
  } catch {
    return invalid('Invalid mask image format - the mask could not be read.');
  }
}

/** The first photo at the size asked, or a plain picture when it is not an image. */
async function drawn(photo: Blob | null, width: number, height: number): Promise<Buffer> {
  const plain = () =>
    sharp({ create: { width, height, channels: 3, background: '#7c3aed' } })
      .png()
      .toBuffer();
  if (!photo) return plain();
  try {
    return await sharp(Buffer.from(await photo.arrayBuffer()))
      .resize(width, height, { fit: 'cover', position: 'attention' })
      .png()
      .toBuffer();
  } catch {
    return plain();
  }
}

export async function startFakeImageProvider(
  apiKey = 'sk-test-fake',
  o: FakeProviderOptions = {},
): Promise<FakeImageProvider> {
  const calls: RecordedCall[] = [];
  let queue: Scripted[] = [];
  /** The calls waiting out a delay, each ended by its own function (release()). */
  const waiting = new Set<() => void>();
  /** Releases asked for before their call came (its request still on its way). */
  let released = 0;
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'x-request-id': `req_${calls.length}`,
        ...headers,
      });
      res.end(JSON.stringify(body));
    };
    (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/images/edits') {
        return send(404, apiError(`Invalid URL (${req.method} ${req.url})`, 'invalid_request_error', null));
      }
      const form = await readRequest(req);
      const fields: Record<string, string> = {};
      const images: RecordedImage[] = [];
      let firstImage: Blob | null = null;
      let maskFile: Blob | null = null;
      for (const [field, value] of form.entries()) {
        if (typeof value === 'string') fields[field] = value;
        else if (field === 'mask') maskFile = value;
        else {
          images.push({ field, filename: value.name, type: value.type, bytes: value.size });
          firstImage ??= value;
        }
      }
      const call: RecordedCall = { authorization: req.headers.authorization, fields, images, at: Date.now() };
      calls.push(call);
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        return send(401, apiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
      }
      const invalid = validationError(fields, images);
      if (invalid) return send(400, invalid);
      if (maskFile) {
        const checked = await checkMask(maskFile, firstImage as Blob);
        if ('error' in checked) return send(400, checked.error);
        call.mask = checked;
      }

      const answer = queue.shift() ?? o.otherwise?.(call) ?? { kind: 'ok' };
      call.answer = answer.kind;
      switch (answer.kind) {
        case 'refusal':
          return send(400, {
            error: {
              message: `Your request was rejected by the safety system. If you believe this is an error, contact us at help.openai.com and include the request ID req_${calls.length}. safety_violations=[${(answer.categories ?? ['sexual']).join(', ')}].`,
              type: 'image_generation_user_error',
              param: null,
              code: 'moderation_blocked',
              moderation_details: { moderation_stage: 'input', categories: answer.categories ?? ['sexual'] },
            },
          });
        case 'rate-limit':
          return send(
            429,
            answer.code === 'insufficient_quota'
              ? apiError(
                  'You exceeded your current quota, please check your plan and billing details.',
                  'insufficient_quota',
                  'insufficient_quota',
                )
              : apiError(
                  `Rate limit reached for ${fields.model} on images per minute (IPM): Limit 5, Used 5, Requested 1.`,
                  'requests',
                  'rate_limit_exceeded',
                ),
            {
              ...(answer.retryAfter ? { 'retry-after': answer.retryAfter } : {}),
              ...(answer.retryAfterMs ? { 'retry-after-ms': answer.retryAfterMs } : {}),
            },
          );
        case 'server-error':
          return send(
            answer.status ?? 500,
            apiError(
              'The server had an error while processing your request. Sorry about that!',
              'server_error',
              null,
            ),
          );
        case 'hang':
          await new Promise((r) => setTimeout(r, answer.ms));
          if (res.destroyed) return;
          break;
        case 'no-image':
          return send(200, { created: Math.floor(Date.now() / 1000), data: [] });
        case 'ok':
          if (answer.delayMs && released > 0) released -= 1;
          else if (answer.delayMs)
            await new Promise<void>((r) => {
              const timer = setTimeout(done, answer.delayMs);
              function done() {
                clearTimeout(timer);
                waiting.delete(done);
                r();
              }
              waiting.add(done);
            });
          break;
      }
      const size = fields.size && fields.size !== 'auto' ? fields.size : '1024x1024';
      const [width, height] = size.split('x').map(Number) as [number, number];
      const quality = (fields.quality && fields.quality !== 'auto' ? fields.quality : 'medium') as
        | 'low'
        | 'medium'
        | 'high';
      const png = await drawn(firstImage, width, height);
      const imageTokens = images.length * REFERENCE_TOKENS[fields.input_fidelity === 'high' ? 'high' : 'low'];
      const textTokens = Math.ceil((fields.prompt?.length ?? 0) / 4);
      const outputTokens = OUTPUT_TOKENS[quality][size as '1024x1024' | '1024x1536'] ?? 1056;
      send(200, {
        created: Math.floor(Date.now() / 1000),
        background: 'opaque',
        data: [{ b64_json: png.toString('base64') }],
        output_format: 'png',
        quality,
        size,
        usage: {
          input_tokens: imageTokens + textTokens,
          input_tokens_details: { image_tokens: imageTokens, text_tokens: textTokens },
          output_tokens: outputTokens,
          output_tokens_details: { image_tokens: outputTokens, text_tokens: 0 },
          total_tokens: imageTokens + textTokens + outputTokens,
        },
      });
    })().catch((e) => {
      console.error('[fake image provider]', e);
      if (!res.headersSent) send(500, apiError(String(e), 'server_error', null));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    calls,
    script: (...answers) => {
      queue.push(...answers);
    },
    release: () => {
      if (!waiting.size) released += 1;
      for (const done of [...waiting]) done();
    },
    reset: () => {
      calls.length = 0;
      queue = [];
      released = 0;
    },
    stop: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
