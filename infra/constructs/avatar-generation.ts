// Avatar generation on AWS (docs/generation.md): the task queue and its dead-letter queue with the numbers of
// infra/queue-design.ts, the worker behind an event source mapping that reports partial batch failures,
// the dead-letter handler, the sweeper on an EventBridge schedule, and the provider's key as a secret.
// Each function gets exactly the access GENERATION_NEEDS lists (tests/infra/generation.test.ts checks).
import { Duration, RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { PROVIDER_KEY_PLACEHOLDER } from '../../functions/generation/provider-wiring.ts';
import type { GenerationFunction } from '../function-entries.ts';
import { TASK_QUEUE } from '../queue-design.ts';
import { ApiFunction } from './api-function.ts';
import {
  bindMailSender,
  bindMediaBucket,
  bindTable,
  type DynamoAction,
  type TableAccess,
} from './function-bindings.ts';
import type { MailSender } from './mail-sender.ts';

/** What the worker may spend: at most this many avatars are made at once (the provider's cost guard). */
export const WORKER_RESERVED_CONCURRENCY = 10;
/** The sweeper's period in AWS. */
export const SWEEP_MINUTES = 5;

/** Finishing a task: the task, batch and account (GetItem, UpdateItem), ledger entries (PutItem), the
 * account's photos and pending batches (Query), and retention's photo deletes (DeleteItem). */
const FINISHING: readonly DynamoAction[] = [
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
];

interface GenerationNeeds {
  table: TableAccess;
  /** Object prefixes of the media bucket (get/put/delete under them). */
  media: readonly string[];
  memorySize: number;
  timeoutSeconds: number;
  /** TASK_QUEUE_URL and ChangeMessageVisibility (the worker hides a message it will retry). */
  queue?: true;
  /** OPENAI_API_KEY_ARN and reading that secret. */
  providerKey?: true;
  installedModules?: readonly string[];
  /** Scores every avatar's likeness: the face model beside the bundle (ApiFunctionProps.faceAnalysis). */
  faceAnalysis?: true;
  /** Edits avatars: the person segmentation model beside the face model (ApiFunctionProps.personSegmentation). */
  personSegmentation?: true;
  /** Traced in X-Ray (ApiFunctionProps.traced; its handler runs the Tracer). */
  traced?: true;
}

export const GENERATION_NEEDS: Record<GenerationFunction, GenerationNeeds> = {
  'avatar-worker': {
    table: { actions: FINISHING },
    // Reads photos; stores results and thumbnails; retention deletes photos and their thumbnails.
    media: ['photos/', 'thumbs/', 'results/', 'result-thumbs/'],
    // The local renderer (no key) and thumbnails decode 1024 x 1536 images side by side.
    memorySize: 2048,
    timeoutSeconds: TASK_QUEUE.workerTimeoutSeconds,
    queue: true,
    providerKey: true,
    // sharp is native code; the OpenAI client (about 300 KB) ships beside the bundle, as Stripe's would.
    installedModules: ['sharp', 'openai'],
    faceAnalysis: true,
    personSegmentation: true,
    traced: true,
  },
  'avatar-dead-letter': {
    table: { actions: FINISHING },
    media: ['photos/', 'thumbs/'],
    memorySize: 512,
    timeoutSeconds: 30,
  },
  'avatar-sweeper': {
    table: { actions: FINISHING, indexes: ['gsi1'] },
    media: ['photos/', 'thumbs/'],
    memorySize: 512,
    timeoutSeconds: 120,
  },
};

/** SQS actions the worker's own code calls (the event source mapping's grants come with the mapping). */
export const WORKER_QUEUE_ACTIONS = ['sqs:ChangeMessageVisibility'] as const;
export const SEND_TASK_ACTIONS = ['sqs:SendMessage'] as const;
export const PROVIDER_KEY_ACTIONS = ['secretsmanager:GetSecretValue'] as const;

interface AvatarGenerationProps {
  stage: 'dev' | 'prod';
  table: ITable;
  media: IBucket;
  mail: MailSender;
  environment: Record<string, string>;
  /** The likeness guarantee's threshold on this stage (LIKENESS_GUARANTEE); the code's default without it. */
  likenessGuarantee?: number;
}

export class AvatarGeneration extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly providerKey: ISecret;
  readonly functions = new Map<GenerationFunction, ApiFunction>();

  constructor(scope: Construct, id: string, props: AvatarGenerationProps) {
    super(scope, id);
    const { stage } = props;
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.seconds(TASK_QUEUE.deadLetterRetentionSeconds),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.queue = new Queue(this, 'Tasks', {
      visibilityTimeout: Duration.seconds(TASK_QUEUE.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: TASK_QUEUE.maxReceiveCount },
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.providerKey = new Secret(this, 'OpenAiApiKey', {
      description: `Aivatar ${stage}: OpenAI API key for image edits (until set, avatars are local preview renders)`,
      // Not a secret: the value that says "no key yet". The operator puts the real key in its place.
      secretStringValue: SecretValue.unsafePlainText(PROVIDER_KEY_PLACEHOLDER),
      removalPolicy: stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    const worker = this.generationFunction('avatar-worker', props, 'the avatar worker (SQS task messages)');
    if (props.likenessGuarantee !== undefined)
      worker.fn.addEnvironment('LIKENESS_GUARANTEE', String(props.likenessGuarantee));
    worker.fn.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: TASK_QUEUE.batchSize,
        reportBatchItemFailures: true,
      }),
    );
    const deadLetters = this.generationFunction(
      'avatar-dead-letter',
      props,
      'failed task messages: the task fails with its refund',
    );
    deadLetters.fn.addEventSource(
      new SqsEventSource(this.deadLetterQueue, { batchSize: 10, reportBatchItemFailures: true }),
    );
    const sweeper = this.generationFunction(
      'avatar-sweeper',
      props,
      'fails tasks pending past their deadline',
    );
    new Rule(this, 'SweepSchedule', {
      description: `Aivatar ${stage}: the avatar task sweeper, every ${SWEEP_MINUTES} minutes`,
      schedule: Schedule.rate(Duration.minutes(SWEEP_MINUTES)),
      targets: [new LambdaTarget(sweeper.fn, { retryAttempts: 0 })],
    });
  }

  private generationFunction(
    name: GenerationFunction,
    props: AvatarGenerationProps,
    what: string,
  ): ApiFunction {
    const needs = GENERATION_NEEDS[name];
    const fn = new ApiFunction(this, `Fn-${name}`, {
      group: name,
      stage: props.stage,
      description: `Aivatar ${props.stage}: ${what}`,
      environment: props.environment,
      reservedConcurrency: name === 'avatar-worker' ? WORKER_RESERVED_CONCURRENCY : 2,
      memorySize: needs.memorySize,
      timeoutSeconds: needs.timeoutSeconds,
      ...(needs.installedModules ? { installedModules: needs.installedModules } : {}),
      ...(needs.faceAnalysis ? { faceAnalysis: true } : {}),
      ...(needs.personSegmentation ? { personSegmentation: true } : {}),
      ...(needs.traced ? { traced: true } : {}),
    });
    bindTable(fn.fn, props.table, needs.table);
    bindMediaBucket(fn.fn, props.media, needs.media);
    bindMailSender(fn.fn, props.mail);
    if (needs.queue) bindTaskQueue(fn.fn, this.queue, WORKER_QUEUE_ACTIONS);
    if (needs.providerKey) bindProviderKey(fn.fn, this.providerKey);
    this.functions.set(name, fn);
    return fn;
  }
}

/** TASK_QUEUE_URL, and exactly these actions on that queue. */
export function bindTaskQueue(fn: LambdaFunction, queue: Queue, actions: readonly string[]): void {
  fn.addEnvironment('TASK_QUEUE_URL', queue.queueUrl);
  fn.addToRolePolicy(
    new PolicyStatement({ effect: Effect.ALLOW, actions: [...actions], resources: [queue.queueArn] }),
  );
}

/** OPENAI_API_KEY_ARN, and GetSecretValue on that one secret. */
function bindProviderKey(fn: LambdaFunction, secret: ISecret): void {
  fn.addEnvironment('OPENAI_API_KEY_ARN', secret.secretArn);
  fn.addToRolePolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: [...PROVIDER_KEY_ACTIONS],
      resources: [secret.secretArn],
    }),
  );
}
