// The OpenAI adapter of the provider port: POST /v1/images/edits through the official `openai` package,
// with the user's photos as `image[]`, the style's prompt, size and quality. Retries are ours (the SDK's
// are off) so that a retry never starts after the caller's deadline and a long Retry-After goes back to
// the worker, which hides the task's message for that long instead of holding a Lambda.
import OpenAI, { toFile } from 'openai';
import sharp from 'sharp';
import type {
  AvatarRequest,
  EditRequest,
  GeneratedAvatar,
  ImageProvider,
  ImageType,
  ProviderUsage,
} from '../domain/image-provider.ts';
import {
  ProviderPermanentError,
  ProviderRateLimitedError,
  ProviderTransientError,
} from '../domain/provider-errors.ts';
import { imageInfo } from './image-info.ts';
import { providerFailure } from './provider-failures.ts';

export const DEFAULT_IMAGE_MODEL = 'gpt-image-1.5';

interface OpenAiProviderOptions {
  apiKey: string;
  /** The API's base URL (default https://api.openai.com/v1); tests point it at a local fake. */
  baseURL?: string;
  model?: string;
  /** Per call. Default 120 s: a high-quality portrait can take over a minute. */
  timeoutMs?: number;
  /** Retries after the first call, on 429, 5xx and timeouts. Default 2. */
  maxRetries?: number;
  /** First back-off step; doubled each retry, with jitter. Default 1 s. */
  retryBaseMs?: number;
  /** A Retry-After longer than this is not waited out here: the caller gets the rate-limited error. Default 20 s. */
  maxWaitSeconds?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** Models that take `input_fidelity: high` (the gpt-image-1 family; gpt-image-2 models refuse the field). */
const takesHighFidelity = (model: string): boolean => /^gpt-image-1(\.5)?(-\d{4}-\d{2}-\d{2})?$/.test(model);

const EXTENSION: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

function usageOf(u: OpenAI.ImagesResponse['usage']): ProviderUsage | null {
  if (!u) return null;
  return {
    inputTokens: u.input_tokens,
    inputImageTokens: u.input_tokens_details?.image_tokens ?? 0,
    inputTextTokens: u.input_tokens_details?.text_tokens ?? 0,
    outputTokens: u.output_tokens,
    totalTokens: u.total_tokens,
  };
}

/** The provider's output size nearest a canvas's shape (the canvas is letterboxed in it). */
function editSize(width: number, height: number): '1024x1024' | '1536x1024' | '1024x1536' {
  const ratio = width / height;
  if (ratio > 1.2) return '1536x1024';
  if (ratio < 1 / 1.2) return '1024x1536';
  return '1024x1024';
}

export class OpenAiImageProvider implements ImageProvider {
  readonly name = 'openai';
  readonly model: string;
  private readonly client: OpenAI;
  private readonly o: Required<Omit<OpenAiProviderOptions, 'apiKey' | 'baseURL' | 'model'>>;

  constructor(options: OpenAiProviderOptions) {
    this.model = options.model ?? DEFAULT_IMAGE_MODEL;
    this.o = {
      timeoutMs: options.timeoutMs ?? 120_000,
      maxRetries: options.maxRetries ?? 2,
      retryBaseMs: options.retryBaseMs ?? 1000,
      maxWaitSeconds: options.maxWaitSeconds ?? 20,
      sleep: options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
    };
    this.client = new OpenAI({
      apiKey: options.apiKey,
      ...(options.baseURL ? { baseURL: options.baseURL } : {}),
      maxRetries: 0,
      timeout: this.o.timeoutMs,
    });
  }

  async generate(request: AvatarRequest): Promise<GeneratedAvatar> {
    if (request.references.length < 1 || request.references.length > 16) {
      throw new ProviderPermanentError(
        `The provider takes 1 to 16 reference images, not ${request.references.length}`,
      );
    }
    const params: OpenAI.ImageEditParamsNonStreaming = {
      model: this.model,
      prompt: request.prompt,
      image: await Promise.all(
        request.references.map((r, i) =>
          toFile(r.bytes, `reference-${i + 1}.${EXTENSION[r.contentType]}`, { type: r.contentType }),
        ),
      ),
      size: request.size,
      quality: request.quality,
      n: 1,
      output_format: 'png',
      ...(request.inputFidelity === 'high' && takesHighFidelity(this.model)
        ? { input_fidelity: 'high' }
        : {}),
      ...(request.endUser ? { safety_identifier: request.endUser } : {}),
    };

    return this.call(params, request.deadline);
  }

  /**
   * An edit of a finished avatar: the picture on its canvas and the mask (transparent where the model may
   * paint) sent as one image and its mask at the provider's nearest size, the canvas letterboxed in it (the
   * letterbox painted too, then cut off); the answer brought back to the canvas's size.
   */
  async edit(request: EditRequest): Promise<GeneratedAvatar> {
    const { width, height } = request;
    const size = editSize(width, height);
    const [W, H] = size.split('x').map(Number) as [number, number];
    const scale = Math.min(W / width, H / height);
    const inner = { width: Math.round(width * scale), height: Math.round(height * scale) };
    const left = Math.floor((W - inner.width) / 2);
    const top = Math.floor((H - inner.height) / 2);
    const at = request.placement;
    let image: Buffer;
    let mask: Buffer;
    try {
      const placed = await sharp(request.image)
        .rotate()
        .resize(Math.max(1, Math.round(at.width * scale)), Math.max(1, Math.round(at.height * scale)), {
          fit: 'fill',
        })
        .ensureAlpha()
        .png()
        .toBuffer();
      const clear = { width: W, height: H, channels: 4 as const, background: { r: 0, g: 0, b: 0, alpha: 0 } };
      image = await sharp({ create: clear })
        .composite([
          { input: placed, left: left + Math.round(at.x * scale), top: top + Math.round(at.y * scale) },
        ])
        .png()
        .toBuffer();
      const fitted = await sharp(request.mask)
        .ensureAlpha()
        .resize(inner.width, inner.height, { fit: 'fill' })
        .png()
        .toBuffer();
      mask = await sharp({ create: clear })
        .composite([{ input: fitted, left, top }])
        .png()
        .toBuffer();
    } catch (e) {
      throw new ProviderPermanentError('The picture or its mask could not be read', { cause: e });
    }
    const params: OpenAI.ImageEditParamsNonStreaming = {
      model: this.model,
      prompt: request.prompt,
      image: [await toFile(image, 'avatar.png', { type: 'image/png' })],
      mask: await toFile(mask, 'mask.png', { type: 'image/png' }),
      size,
      quality: 'high',
      n: 1,
      output_format: 'png',
      // The face is what the edit must keep.
      ...(takesHighFidelity(this.model) ? { input_fidelity: 'high' } : {}),
      ...(request.endUser ? { safety_identifier: request.endUser } : {}),
    };
    const answer = await this.call(params, request.deadline);
    const back = await sharp(answer.image)
      .extract({ left, top, width: inner.width, height: inner.height })
      .resize(width, height, { fit: 'fill' })
      .png()
      .toBuffer()
      .catch((e: unknown) => {
        throw new ProviderTransientError('The provider answered with an image of another size', { cause: e });
      });
    return { ...answer, image: back, contentType: 'image/png', width, height };
  }

  private async call(params: OpenAI.ImageEditParamsNonStreaming, deadline: number | undefined) {
    for (let attempt = 1; ; attempt++) {
      const left = deadline ? deadline - Date.now() : this.o.timeoutMs;
      if (left <= 0) throw new ProviderTransientError('No time left for another provider call');
      try {
        const res = await this.client.images.edit(params, { timeout: Math.min(this.o.timeoutMs, left) });
        return this.result(res, attempt);
      } catch (e) {
        const failure = providerFailure(e) ?? (e instanceof ProviderTransientError ? e : null);
        if (!failure) throw e;
        if (!failure.retryable || attempt > this.o.maxRetries) throw failure;
        const wait =
          failure instanceof ProviderRateLimitedError
            ? failure.retryAfterSeconds * 1000
            : this.o.retryBaseMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5);
        if (
          failure instanceof ProviderRateLimitedError &&
          failure.retryAfterSeconds > this.o.maxWaitSeconds
        ) {
          throw failure;
        }
        if (deadline && Date.now() + wait >= deadline) throw failure;
        await this.o.sleep(wait);
      }
    }
  }

  private result(res: OpenAI.ImagesResponse, attempts: number): GeneratedAvatar {
    const b64 = res.data?.[0]?.b64_json;
    if (!b64) throw new ProviderTransientError('The provider answered without an image');
    const image = Buffer.from(b64, 'base64');
    const info = imageInfo(image);
    if (!info) throw new ProviderTransientError('The provider answered with something that is not an image');
    return {
      image,
      contentType: info.type,
      width: info.width,
      height: info.height,
      kind: 'ai',
      model: this.model,
      usage: usageOf(res.usage),
      attempts,
    };
  }
}
