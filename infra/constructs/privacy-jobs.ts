// Account deletions and data exports on AWS (docs/operations.md, "Privacy"): their queue and dead-letter
// queue with the numbers of infra/queue-design.ts, the job function behind an event source mapping (one job
// an invocation, partial failures reported) and the sweep on an EventBridge schedule, which sends again the
// jobs nobody works on. The function gets exactly what PRIVACY_JOB_NEEDS lists (tests/infra/privacy-jobs.test.ts).
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { USER_FILE_PREFIXES } from '#shared/table-design.ts';
import { PRIVACY_JOB_QUEUE } from '../queue-design.ts';
import { ApiFunction } from './api-function.ts';
import {
  bindMailSender,
  bindMediaBucket,
  bindMediaListing,
  bindStripeApi,
  bindTable,
  type TableAccess,
} from './function-bindings.ts';
import type { MailSender } from './mail-sender.ts';

/** Jobs run side by side at most: deletions and exports are rare, and each reads one account. */
export const PRIVACY_JOB_RESERVED_CONCURRENCY = 3;

export const PRIVACY_JOB_NEEDS = {
  table: {
    // GetItem: a job, the account record. Query: the user's partition, the `owned` index (their items kept
    // elsewhere), gsi1 (the sweep's due jobs). BatchGetItem: those items, for an export. BatchWriteItem:
    // deleting by key, the deletion's one grant that no other function has. UpdateItem: claims, steps.
    // DeleteItem: a team owner's deletion dissolves the team (its members' rows, links and invitations).
    actions: [
      'dynamodb:GetItem',
      'dynamodb:Query',
      'dynamodb:BatchGetItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
    ],
    indexes: ['gsi1', 'owned'],
  } satisfies TableAccess,
  /** Every prefix a user's files live under: get (export), put (the export's ZIP), delete. */
  media: USER_FILE_PREFIXES,
  /** The export holds an account's photos and avatars in memory; the ZIP is built there too. */
  memorySize: 1024,
} as const;

/** SQS actions the job function's own code calls: a deletion hands over, the sweep sends again. */
export const SEND_JOB_ACTIONS = ['sqs:SendMessage'] as const;

interface PrivacyJobsProps {
  stage: 'dev' | 'prod';
  table: ITable;
  media: IBucket;
  mail: MailSender;
  stripeApiKey: ISecret;
  stripePrices: Record<string, string>;
  environment: Record<string, string>;
}

export class PrivacyJobs extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly fn: ApiFunction;

  constructor(scope: Construct, id: string, props: PrivacyJobsProps) {
    super(scope, id);
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.seconds(PRIVACY_JOB_QUEUE.deadLetterRetentionSeconds),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.queue = new Queue(this, 'Jobs', {
      visibilityTimeout: Duration.seconds(PRIVACY_JOB_QUEUE.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: PRIVACY_JOB_QUEUE.maxReceiveCount },
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.fn = new ApiFunction(this, 'Fn-privacy-jobs', {
      group: 'privacy-jobs',
      stage: props.stage,
      description: `Aivatar ${props.stage}: account deletions and data exports (privacy jobs)`,
      environment: props.environment,
      reservedConcurrency: PRIVACY_JOB_RESERVED_CONCURRENCY,
      memorySize: PRIVACY_JOB_NEEDS.memorySize,
      timeoutSeconds: PRIVACY_JOB_QUEUE.functionTimeoutSeconds,
    });
    const fn = this.fn.fn;
    bindTable(fn, props.table, PRIVACY_JOB_NEEDS.table);
    bindMediaBucket(fn, props.media, PRIVACY_JOB_NEEDS.media);
    bindMediaListing(fn, props.media);
    bindMailSender(fn, props.mail);
    bindStripeApi(fn, props.stripeApiKey, props.stripePrices);
    bindPrivacyJobQueue(fn, this.queue, SEND_JOB_ACTIONS);
    fn.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: PRIVACY_JOB_QUEUE.batchSize,
        reportBatchItemFailures: true,
      }),
    );
    new Rule(this, 'SweepSchedule', {
      description: `Aivatar ${props.stage}: sends again the privacy jobs nobody works on, every ${PRIVACY_JOB_QUEUE.sweepMinutes} minutes`,
      schedule: Schedule.rate(Duration.minutes(PRIVACY_JOB_QUEUE.sweepMinutes)),
      targets: [
        new LambdaTarget(fn, {
          retryAttempts: 0,
          event: RuleTargetInput.fromObject({ source: 'aws.events', 'detail-type': 'Scheduled Event' }),
        }),
      ],
    });
  }
}

/** PRIVACY_JOB_QUEUE_URL, and exactly these actions on that queue. */
export function bindPrivacyJobQueue(fn: LambdaFunction, queue: Queue, actions: readonly string[]): void {
  fn.addEnvironment('PRIVACY_JOB_QUEUE_URL', queue.queueUrl);
  fn.addToRolePolicy(
    new PolicyStatement({ effect: Effect.ALLOW, actions: [...actions], resources: [queue.queueArn] }),
  );
}
