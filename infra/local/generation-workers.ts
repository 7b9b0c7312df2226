// The generation functions on this machine, driven as AWS drives them: the worker and the dead-letter
// handler by Lambda-like event source mappings on the local SQS queues, the sweeper by a timer (an
// EventBridge schedule in AWS). Each loads the same entry the CDK stack deploys.
import { SQSClient } from '@aws-sdk/client-sqs';
import type { Context } from 'aws-lambda';
import { type GenerationFunction, handlerEntry } from '../function-entries.ts';
import { TASK_QUEUE } from '../queue-design.ts';
import { lambdaContext } from './lambda-context.ts';
import { type SqsWorkerHandler, startEventSourceMapping } from './sqs/event-source.ts';
import type { LocalTaskQueues } from './task-queues.ts';
import { LOCAL_TASK_TIMINGS, type LocalTaskTiming } from './task-timing.ts';

export interface GenerationWorkers {
  stop(): Promise<void>;
}

export function startGenerationWorkers(
  sqsEndpoint: string,
  queues: LocalTaskQueues,
  timing: LocalTaskTiming = LOCAL_TASK_TIMINGS.standard,
): GenerationWorkers {
  const client = new SQSClient({
    endpoint: sqsEndpoint,
    region: process.env.AWS_REGION ?? 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const load = (name: GenerationFunction) => () =>
    import(handlerEntry(name)).then((m: { handler: SqsWorkerHandler }) => m.handler);
  const worker = startEventSourceMapping({
    client,
    queueUrl: queues.queueUrl,
    queueArn: queues.queueArn,
    loadHandler: load('avatar-worker'),
    functionName: 'avatar-worker',
    batchSize: TASK_QUEUE.batchSize,
    functionTimeoutSeconds: timing.workerTimeoutSeconds,
  });
  const deadLetters = startEventSourceMapping({
    client,
    queueUrl: queues.deadLetterUrl,
    queueArn: queues.deadLetterArn,
    loadHandler: load('avatar-dead-letter'),
    functionName: 'avatar-dead-letter',
    batchSize: 10,
    maximumConcurrency: 2,
  });
  let sweeping: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    sweeping = import(handlerEntry('avatar-sweeper'))
      .then((m: { handler: (e: unknown, c: Context) => Promise<unknown> }) =>
        m.handler({}, lambdaContext('avatar-sweeper')),
      )
      .catch((e) => {
        if (process.env.LOG_LEVEL !== 'silent') console.error('[local sweeper]', e);
      });
  }, timing.sweepSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all([worker.stop(), deadLetters.stop(), sweeping]);
      client.destroy();
    },
  };
}
