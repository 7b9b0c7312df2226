// Avatar generation on AWS: the queue and its dead-letter queue as infra/queue-design.ts says, the worker
// with its timeout, cost guard and partial-batch mapping, the dead-letter handler, the sweeper's schedule,
// each function's settings, and roles holding exactly what the code calls.
import { join } from 'node:path';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { CfnQueue, Queue } from 'aws-cdk-lib/aws-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig, WORKER_CONFIG } from '#platform/config.ts';
import { DEFAULT_LIKENESS_GUARANTEE } from '#shared/face-rules.ts';
import {
  GENERATION_NEEDS,
  PROVIDER_KEY_ACTIONS,
  SWEEP_MINUTES,
  WORKER_QUEUE_ACTIONS,
  WORKER_RESERVED_CONCURRENCY,
} from '../../infra/constructs/avatar-generation.ts';
import {
  MEDIA_OBJECT_ACTIONS,
  SEND_MAIL_ACTIONS,
  TRACING_ACTIONS,
} from '../../infra/constructs/function-bindings.ts';
import { GENERATION_FUNCTIONS, type GenerationFunction } from '../../infra/function-entries.ts';
import { TASK_QUEUE } from '../../infra/queue-design.ts';
import { buildGroupBundle, sourceFiles } from '../support/function-bundle.ts';
import { at, deployedEnvironment, type Json, props, type Resource } from './cfn-template.ts';
import { dynamoUsage } from './dynamo-usage.ts';
import {
  actionsOf,
  functionId,
  ofType,
  removeTempDirs,
  resourcesOf,
  roleStatements,
  type Synth,
  synth,
  tempDir,
} from './synth.ts';

afterAll(removeTempDirs);
let s: Synth;
/** The operator's -c taskDeadlineSeconds (infra/app.ts), here two hours instead of the default one. */
const DEADLINE = 7200;
beforeAll(() => {
  s = synth('dev', false, undefined, { taskDeadlineSeconds: DEADLINE });
});

const fnId = (name: GenerationFunction): string => {
  const fn = s.stack.generation.functions.get(name);
  if (!fn) throw new Error(`no function ${name}`);
  return s.stack.getLogicalId(fn.fn.node.defaultChild as CfnFunction);
};
const fnProps = (name: GenerationFunction) => props(s.resources[fnId(name)] as Resource);
const roleOf = (name: GenerationFunction) => at(fnProps(name), 'Role', 'Fn::GetAtt', 0) as string;
const queueIds = () => {
  const idOf = (q: Queue) => s.stack.getLogicalId(q.node.defaultChild as CfnQueue);
  const dlq = idOf(s.stack.generation.deadLetterQueue);
  const tasks = idOf(s.stack.generation.queue);
  return {
    dlq,
    tasks,
    tasksProps: props(s.resources[tasks] as Resource),
    dlqProps: props(s.resources[dlq] as Resource),
  };
};
const arnOf = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });

describe('the task queue', () => {
  it('hides a message 6x the worker timeout and moves it to the dead-letter queue after 3 receives', () => {
    const { tasksProps, dlqProps, dlq } = queueIds();
    // The task queues, and the privacy job queues (tests/infra/privacy-jobs.test.ts).
    expect(ofType(s, 'AWS::SQS::Queue')).toHaveLength(4);
    expect(tasksProps.VisibilityTimeout).toBe(TASK_QUEUE.visibilityTimeoutSeconds);
    expect(TASK_QUEUE.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(6 * TASK_QUEUE.workerTimeoutSeconds);
    expect(tasksProps.RedrivePolicy).toEqual({ deadLetterTargetArn: arnOf(dlq), maxReceiveCount: 3 });
    expect(dlqProps.MessageRetentionPeriod).toBe(TASK_QUEUE.deadLetterRetentionSeconds);
  });
});

describe('the generation functions', () => {
  it('run the worker with its timeout, a reserved concurrency, and a mapping that reports partial failures', () => {
    const worker = fnProps('avatar-worker');
    expect(worker.Timeout).toBe(TASK_QUEUE.workerTimeoutSeconds);
    expect(worker.ReservedConcurrentExecutions).toBe(WORKER_RESERVED_CONCURRENCY);
    const { tasks, dlq } = queueIds();
    const mappings = ofType(s, 'AWS::Lambda::EventSourceMapping').map(([, m]) => props(m));
    const onTasks = mappings.find((m) => JSON.stringify(m.EventSourceArn) === JSON.stringify(arnOf(tasks)));
    expect(onTasks).toMatchObject({
      BatchSize: TASK_QUEUE.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FunctionName: { Ref: fnId('avatar-worker') },
    });
    const onDlq = mappings.find((m) => JSON.stringify(m.EventSourceArn) === JSON.stringify(arnOf(dlq)));
    expect(onDlq).toMatchObject({
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FunctionName: { Ref: fnId('avatar-dead-letter') },
    });
  });

  it('trace the worker in X-Ray (active tracing), not the dead-letter handler or the sweeper', () => {
    for (const name of GENERATION_FUNCTIONS) {
      const tracing = props(s.resources[fnId(name)] as Resource).TracingConfig;
      expect(tracing, name).toEqual(GENERATION_NEEDS[name].traced ? { Mode: 'Active' } : undefined);
    }
    expect(GENERATION_NEEDS['avatar-worker'].traced).toBe(true);
  });

  it('run the sweeper on a schedule', () => {
    const rules = ofType(s, 'AWS::Events::Rule').map(([, r]) => props(r));
    const sweep = rules.find((r) => r.ScheduleExpression === `rate(${SWEEP_MINUTES} minutes)`) as Json;
    expect(sweep).toBeDefined();
    expect(at(sweep, 'Targets', 0, 'Arn')).toEqual(arnOf(fnId('avatar-sweeper')));
  });

  it('give each function every setting its config reads; the worker the provider key by ARN', () => {
    for (const name of GENERATION_FUNCTIONS) {
      const vars = at(fnProps(name), 'Environment', 'Variables') as Json;
      const env = deployedEnvironment(vars);
      expect(() => readConfig(WORKER_CONFIG[name], env), name).not.toThrow();
      if (name === 'avatar-worker') {
        expect(JSON.stringify(vars.OPENAI_API_KEY_ARN)).toContain('OpenAiApiKey');
        expect(vars.TASK_QUEUE_URL).toEqual({ Ref: queueIds().tasks });
        expect(vars.OPENAI_API_KEY, 'never a key in the template').toBeUndefined();
      } else expect(vars.OPENAI_API_KEY_ARN, name).toBeUndefined();
    }
    const avatars = props(s.resources[functionId(s, 'avatars')] as Resource);
    expect(at(avatars, 'Environment', 'Variables', 'TASK_QUEUE_URL')).toEqual({ Ref: queueIds().tasks });
  });

  it('stamp tasks with the deadline the operator set, and refuse one the queue could still outlast', () => {
    const avatars = props(s.resources[functionId(s, 'avatars')] as Resource);
    expect(at(avatars, 'Environment', 'Variables', 'TASK_DEADLINE_SECONDS')).toBe(String(DEADLINE));
    expect(() => synth('dev', false, undefined, { taskDeadlineSeconds: 2000 })).toThrow(
      /taskDeadlineSeconds 2000: the deadline must outlast the last delivery \(2850 s\)/,
    );
  });

  it("give the worker the stage's likeness guarantee when the stage sets one, the code's default otherwise", () => {
    const worker = deployedEnvironment(at(fnProps('avatar-worker'), 'Environment', 'Variables') as Json);
    expect(worker.LIKENESS_GUARANTEE).toBeUndefined();
    expect(readConfig(WORKER_CONFIG['avatar-worker'], worker).likenessGuarantee).toBe(
      DEFAULT_LIKENESS_GUARANTEE,
    );
    const strict = synth('prod', false, undefined, { likenessGuarantee: 65 });
    const fn = strict.stack.generation.functions.get('avatar-worker')?.fn.node.defaultChild as CfnFunction;
    const vars = at(
      props(strict.resources[strict.stack.getLogicalId(fn)] as Resource),
      'Environment',
      'Variables',
    );
    expect(
      readConfig(WORKER_CONFIG['avatar-worker'], deployedEnvironment(vars as Json)).likenessGuarantee,
    ).toBe(65);
  });

  it('hold only what they declare: the table actions, media prefixes, mail, the queue, key and traces for the worker', () => {
    const { tasks, dlq } = queueIds();
    // What the event source mappings themselves need, on their own queue.
    const consume = new Set([
      'sqs:ReceiveMessage',
      'sqs:ChangeMessageVisibility',
      'sqs:GetQueueUrl',
      'sqs:DeleteMessage',
      'sqs:GetQueueAttributes',
    ]);
    for (const name of GENERATION_FUNCTIONS) {
      const needs = GENERATION_NEEDS[name];
      const declared = new Set<string>([
        ...needs.table.actions,
        ...MEDIA_OBJECT_ACTIONS,
        ...SEND_MAIL_ACTIONS,
        ...(needs.queue ? WORKER_QUEUE_ACTIONS : []),
        ...(needs.providerKey ? PROVIDER_KEY_ACTIONS : []),
        ...(needs.traced ? TRACING_ACTIONS : []),
      ]);
      for (const st of roleStatements(s, roleOf(name))) {
        for (const action of actionsOf(st)) {
          if (action.startsWith('sqs:')) {
            expect(consume.has(action) || declared.has(action), `${name}: ${action}`).toBe(true);
            const own = name === 'avatar-dead-letter' ? dlq : name === 'avatar-worker' ? tasks : null;
            expect(own, `${name} touches a queue`).not.toBeNull();
            expect(resourcesOf(st)).toEqual([arnOf(own as string)]);
          } else expect(declared.has(action), `${name}: ${action}`).toBe(true);
          // X-Ray's trace writes alone have no resource to name.
          if (!action.startsWith('xray:')) expect(st.Resource).not.toBe('*');
        }
      }
    }
  });

  it('declare exactly the DynamoDB actions each function’s code calls', async () => {
    const out = tempDir('aivatar-generation-bundle-');
    for (const name of GENERATION_FUNCTIONS) {
      const bundle = await buildGroupBundle(name, join(out, `${name}.mjs`));
      const used = dynamoUsage(sourceFiles(bundle));
      expect(used.unknownCommands, name).toEqual([]);
      expect([...GENERATION_NEEDS[name].table.actions].sort(), name).toEqual(used.actions);
      expect(Boolean(GENERATION_NEEDS[name].table.indexes?.length), `${name} queries an index`).toBe(
        used.queriesIndex,
      );
    }
  });
});
