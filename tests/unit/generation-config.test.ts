// How a deployment picks its image provider and finds its task queue.
import { describe, expect, it } from 'vitest';
import { providerConfig, readConfig, taskQueueConfig } from '#platform/config.ts';
import { LocalRenderer } from '../../functions/generation/ai/local-renderer/local-renderer.ts';
import { OpenAiImageProvider } from '../../functions/generation/ai/openai-image-provider.ts';
import { buildImageProvider } from '../../functions/generation/provider-wiring.ts';

describe('the image provider setting', () => {
  it('falls back to the local renderer when no key is configured', async () => {
    const config = readConfig([providerConfig], {});
    expect(config.provider).toEqual({ kind: 'local-renderer', face: { kind: 'reference' } });
    const provider = await buildImageProvider(config);
    expect(provider).toBeInstanceOf(LocalRenderer);
    expect(provider.name).toBe('local-renderer');
  });

  it('uses OpenAI with a key, gpt-image-1.5 unless a model is named', async () => {
    const plain = await buildImageProvider(readConfig([providerConfig], { OPENAI_API_KEY: 'sk-local' }));
    expect(plain).toBeInstanceOf(OpenAiImageProvider);
    expect((plain as OpenAiImageProvider).model).toBe('gpt-image-1.5');
    const named = readConfig([providerConfig], {
      OPENAI_API_KEY: 'sk-local',
      OPENAI_IMAGE_MODEL: 'gpt-image-2',
      PROVIDER_TIMEOUT_SECONDS: '90',
      PROVIDER_MAX_RETRIES: '1',
    });
    expect(named.provider).toMatchObject({
      kind: 'openai',
      model: 'gpt-image-2',
      timeoutMs: 90_000,
      maxRetries: 1,
    });
    expect(((await buildImageProvider(named)) as OpenAiImageProvider).model).toBe('gpt-image-2');
  });

  it('reads the key from Secrets Manager in AWS, and refuses two keys or a bad address', () => {
    const arn = 'arn:aws:secretsmanager:eu-west-1:1:secret:openai';
    expect(readConfig([providerConfig], { OPENAI_API_KEY_ARN: arn }).provider).toMatchObject({
      key: { arn },
    });
    expect(() => readConfig([providerConfig], { OPENAI_API_KEY: 'a', OPENAI_API_KEY_ARN: arn })).toThrow(
      /only one of OPENAI_API_KEY and OPENAI_API_KEY_ARN/,
    );
    expect(() => readConfig([providerConfig], { OPENAI_API_KEY: 'a', OPENAI_BASE_URL: 'nope' })).toThrow(
      /invalid setting OPENAI_BASE_URL/,
    );
    expect(() => readConfig([providerConfig], { PROVIDER_TIMEOUT_SECONDS: 'soon' })).toThrow(
      /invalid setting PROVIDER_TIMEOUT_SECONDS/,
    );
  });
});

describe('the task queue setting', () => {
  it('names the queue, and the local stand-in when there is one', () => {
    expect(() => readConfig([taskQueueConfig], {})).toThrow(/missing setting TASK_QUEUE_URL/);
    expect(
      readConfig([taskQueueConfig], {
        TASK_QUEUE_URL: 'http://127.0.0.1:9324/000000000000/aivatar-local-avatar-tasks',
        SQS_ENDPOINT: 'http://127.0.0.1:9324',
      }),
    ).toEqual({
      taskQueueUrl: 'http://127.0.0.1:9324/000000000000/aivatar-local-avatar-tasks',
      sqsEndpoint: 'http://127.0.0.1:9324',
    });
  });
});
