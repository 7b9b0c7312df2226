// Builds the generation adapters from their settings, once per process: the image provider (OpenAI when
// a key is configured, the local renderer otherwise) and the task queue. Each provider is imported only
// when chosen, so a deployed worker with a key never loads sharp, and one without never loads openai.
import type { ProviderConfig, TaskQueueConfig } from '../config.ts';
import type { ImageProvider } from '../domain/generation/image-provider.ts';
import { readSecret } from './secrets.ts';
import { createSqsClient } from './sqs/client.ts';
import { SqsTaskQueue } from './sqs/sqs-task-queue.ts';

export async function buildImageProvider(config: ProviderConfig): Promise<ImageProvider> {
  const p = config.provider;
  if (p.kind === 'local-renderer') {
    const { LocalRenderer } = await import('./ai/local-renderer/local-renderer.ts');
    return new LocalRenderer();
  }
  const { OpenAiImageProvider } = await import('./ai/openai-image-provider.ts');
  return new OpenAiImageProvider({
    apiKey: (await readSecret(p.key)).trim(),
    baseURL: p.baseUrl,
    model: p.model,
    timeoutMs: p.timeoutMs,
    maxRetries: p.maxRetries,
  });
}

export const buildTaskQueue = (config: TaskQueueConfig): SqsTaskQueue =>
  new SqsTaskQueue(createSqsClient(config.sqsEndpoint), config.taskQueueUrl);
