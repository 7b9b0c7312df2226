// The AI provider port faked in memory (ImageProvider in functions/generation/domain/image-provider.ts): each
// call answers what the test scripted (an image, or one of the ProviderErrors the adapters throw), then
// images. The image is the first reference's bytes, so a test can see whose photo an avatar came from (the
// likeness guarantee measures it). tests/support/fake-image-provider.ts fakes the provider's HTTP API instead.
import {
  type AvatarRequest,
  dimensionsOf,
  type EditRequest,
  type GeneratedAvatar,
  type ImageProvider,
} from '../../../functions/generation/domain/image-provider.ts';
import {
  ProviderPermanentError,
  ProviderRateLimitedError,
  ProviderRefusalError,
  ProviderTransientError,
} from '../../../functions/generation/domain/provider-errors.ts';

export type ScriptedAnswer =
  | { kind: 'ok' }
  | { kind: 'refusal'; categories?: string[] }
  | { kind: 'rate-limited'; retryAfterSeconds?: number }
  | { kind: 'transient' }
  | { kind: 'permanent' };

export class FakeImageProvider implements ImageProvider {
  readonly name = 'fake';
  readonly requests: AvatarRequest[] = [];
  readonly edits: EditRequest[] = [];
  private readonly script: ScriptedAnswer[] = [];

  /** What the next calls answer, in order; once used up, every call gives an image. */
  answer(...answers: ScriptedAnswer[]): void {
    this.script.push(...answers);
  }

  async generate(request: AvatarRequest): Promise<GeneratedAvatar> {
    this.requests.push(request);
    const next = this.script.shift() ?? { kind: 'ok' };
    switch (next.kind) {
      case 'refusal':
        throw new ProviderRefusalError(
          'Your request was rejected by the safety system.',
          next.categories ?? [],
          {
            providerCode: 'moderation_blocked',
            status: 400,
          },
        );
      case 'rate-limited':
        throw new ProviderRateLimitedError('Rate limit reached.', next.retryAfterSeconds ?? 20, {
          providerCode: 'rate_limit_exceeded',
        });
      case 'transient':
        throw new ProviderTransientError('The server had an error.', { status: 500 });
      case 'permanent':
        throw new ProviderPermanentError('Incorrect API key provided.', { status: 401 });
      case 'ok': {
        const first = request.references[0];
        return {
          image: Buffer.from(first?.bytes ?? Buffer.alloc(0)),
          contentType: first?.contentType ?? 'image/png',
          ...dimensionsOf(request.size),
          kind: 'ai',
          model: 'fake-image-model',
          usage: {
            inputTokens: 100,
            inputImageTokens: 90,
            inputTextTokens: 10,
            outputTokens: 200,
            totalTokens: 300,
          },
          attempts: 1,
        };
      }
    }
  }

  /** An edit answers the image it was given (the scripted failures first), at the asked size. */
  async edit(request: EditRequest): Promise<GeneratedAvatar> {
    this.edits.push(request);
    const next = this.script[0];
    if (next && next.kind !== 'ok') {
      await this.generate({
        references: [{ bytes: request.image, contentType: request.contentType }],
        prompt: request.prompt,
        size: '1024x1024',
        quality: 'medium',
        inputFidelity: 'low',
        recipe: request.recipe,
      }).finally(() => this.requests.pop());
    }
    this.script.shift();
    return {
      image: Buffer.from(request.image),
      contentType: request.contentType,
      width: request.width,
      height: request.height,
      kind: 'ai',
      model: 'fake-image-model',
      usage: {
        inputTokens: 100,
        inputImageTokens: 90,
        inputTextTokens: 10,
        outputTokens: 200,
        totalTokens: 300,
      },
      attempts: 1,
    };
  }
}
