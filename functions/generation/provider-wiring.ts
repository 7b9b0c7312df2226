// Builds the generation adapters from their settings, once per process: the image provider (OpenAI when
// a key is configured, the local renderer otherwise) and the task queue. Each provider is imported only
// when chosen, so a deployed worker with a key never loads sharp, and one without never loads openai.
import { readFile } from 'node:fs/promises';
import type { ProviderConfig, TaskQueueConfig } from '#platform/config.ts';
import { logger } from '#platform/observability/logger.ts';
import { readSecret } from '#platform/secrets.ts';
import type { ImageProvider } from './domain/image-provider.ts';

/** What the deployed key secret holds until the operator sets one (infra/constructs/avatar-generation.ts). */
export const PROVIDER_KEY_PLACEHOLDER = 'not-configured';

import { createSqsClient } from '#platform/sqs/client.ts';
import { SqsTaskQueue } from './sqs/sqs-task-queue.ts';

export async function buildImageProvider(config: ProviderConfig): Promise<ImageProvider> {
  const p = config.provider;
  if (p.kind === 'local-renderer') {
    const { LocalRenderer } = await import('./ai/local-renderer/local-renderer.ts');
    if (p.face.kind === 'reference') return new LocalRenderer();
    logger().warn('local renderer: avatars do not show the user', { face: p.face.kind });
    return new LocalRenderer({
      face: p.face.kind === 'none' ? 'none' : { other: await readFile(p.face.path) },
    });
  }
  const apiKey = (await readSecret(p.key)).trim();
  if (!apiKey || apiKey === PROVIDER_KEY_PLACEHOLDER) {
    // A deploy before the operator set the key: avatars are preview renders, labelled as such.
    logger().warn('no provider key set: avatars are local preview renders');
    const { LocalRenderer } = await import('./ai/local-renderer/local-renderer.ts');
    return new LocalRenderer();
  }
  const { OpenAiImageProvider } = await import('./ai/openai-image-provider.ts');
  return new OpenAiImageProvider({
    apiKey,
    baseURL: p.baseUrl,
    model: p.model,
    timeoutMs: p.timeoutMs,
    maxRetries: p.maxRetries,
  });
}

export const buildTaskQueue = (config: TaskQueueConfig): SqsTaskQueue =>
  new SqsTaskQueue(createSqsClient(config.sqsEndpoint), config.taskQueueUrl);
