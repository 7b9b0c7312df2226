// The privacy job function on this machine, driven as AWS drives it: by a Lambda-like event source mapping
// on the local privacy job queue (one job an invocation), and the sweep by a timer (an EventBridge schedule
// in AWS). It loads the same entry the CDK stack deploys.
import { SQSClient } from '@aws-sdk/client-sqs';
import type { Context } from 'aws-lambda';
import { handlerEntry } from '../function-entries.ts';
import { PRIVACY_JOB_QUEUE } from '../queue-design.ts';
import { lambdaContext } from './lambda-context.ts';
import { type SqsWorkerHandler, startEventSourceMapping } from './sqs/event-source.ts';
import type { LocalTaskQueues } from './task-queues.ts';

/** How often the local sweep sends again the privacy jobs nobody is working on (a minute, as in AWS's schedule at its shortest). */
const PRIVACY_SWEEP_SECONDS = 60;

export interface PrivacyJobWorkers {
  stop(): Promise<void>;
}

const SCHEDULED = { source: 'aws.events', 'detail-type': 'Scheduled Event' } as const;

export function startPrivacyJobWorkers(sqsEndpoint: string, queues: LocalTaskQueues): PrivacyJobWorkers {
  const client = new SQSClient({
    endpoint: sqsEndpoint,
    region: process.env.AWS_REGION ?? 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const load = () => import(handlerEntry('privacy-jobs')) as Promise<{ handler: SqsWorkerHandler }>;
  const jobs = startEventSourceMapping({
    client,
    queueUrl: queues.queueUrl,
    queueArn: queues.queueArn,
    loadHandler: () => load().then((m) => m.handler),
    functionName: 'privacy-jobs',
    batchSize: PRIVACY_JOB_QUEUE.batchSize,
    functionTimeoutSeconds: PRIVACY_JOB_QUEUE.functionTimeoutSeconds,
  });
  let sweeping: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    sweeping = load()
      .then((m) =>
        (m.handler as unknown as (e: typeof SCHEDULED, c: Context) => Promise<unknown>)(
          SCHEDULED,
          lambdaContext('privacy-jobs'),
        ),
      )
      .catch((e) => {
        if (process.env.LOG_LEVEL !== 'silent') console.error('[local privacy sweep]', e);
      });
  }, PRIVACY_SWEEP_SECONDS * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all([jobs.stop(), sweeping]);
      client.destroy();
    },
  };
}
