// Account deletions and data exports on AWS: their queue and dead-letter queue as infra/queue-design.ts says,
// the job function (timeout, reserved concurrency, one job a batch, partial failures), the sweep's schedule,
// its alarms, its settings, and a role holding exactly what its code calls; the account group only queues.
import { join } from 'node:path';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { CfnQueue, Queue } from 'aws-cdk-lib/aws-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_CONFIG, readConfig } from '#platform/config.ts';
import { USER_FILE_PREFIXES } from '#shared/table-design.ts';
import { GENERATION_NEEDS } from '../../infra/constructs/avatar-generation.ts';
import {
  MEDIA_LIST_ACTIONS,
  MEDIA_OBJECT_ACTIONS,
  SEND_MAIL_ACTIONS,
  STRIPE_SECRET_ACTIONS,
} from '../../infra/constructs/function-bindings.ts';
import {
  PRIVACY_JOB_NEEDS,
  PRIVACY_JOB_RESERVED_CONCURRENCY,
  SEND_JOB_ACTIONS,
} from '../../infra/constructs/privacy-jobs.ts';
import { GROUP_NEEDS } from '../../infra/group-needs.ts';
import { PRIVACY_JOB_QUEUE } from '../../infra/queue-design.ts';
import { buildGroupBundle, sourceFiles } from '../support/function-bundle.ts';
import { at, deployedEnvironment, type Json, props, type Resource } from './cfn-template.ts';
import { dynamoUsage } from './dynamo-usage.ts';
import {
  actionsOf,
  functionId,
  ofType,
  onlyOfType,
  removeTempDirs,
  resourcesOf,
  roleId,
  roleStatements,
  type Synth,
  synth,
  tempDir,
} from './synth.ts';

afterAll(removeTempDirs);
let s: Synth;
beforeAll(() => {
  s = synth('dev', false);
});

const jobFnId = () => s.stack.getLogicalId(s.stack.privacyJobs.fn.fn.node.defaultChild as CfnFunction);
const jobFn = () => props(s.resources[jobFnId()] as Resource);
const queueId = (q: Queue) => s.stack.getLogicalId(q.node.defaultChild as CfnQueue);
const arnOf = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });

describe('the privacy job queue', () => {
  it('hides a message 6x the function timeout and moves it to its dead-letter queue after 5 receives', () => {
    const jobs = props(s.resources[queueId(s.stack.privacyJobs.queue)] as Resource);
    const dlqId = queueId(s.stack.privacyJobs.deadLetterQueue);
    expect(jobs.VisibilityTimeout).toBe(PRIVACY_JOB_QUEUE.visibilityTimeoutSeconds);
    expect(PRIVACY_JOB_QUEUE.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(
      6 * PRIVACY_JOB_QUEUE.functionTimeoutSeconds,
    );
    expect(jobs.RedrivePolicy).toEqual({ deadLetterTargetArn: arnOf(dlqId), maxReceiveCount: 5 });
    expect(props(s.resources[dlqId] as Resource).MessageRetentionPeriod).toBe(
      PRIVACY_JOB_QUEUE.deadLetterRetentionSeconds,
    );
  });

  it('alarms when a message reaches the dead-letter queue, when runs fail and when a job is given up', () => {
    const alarms = ofType(s, 'AWS::CloudWatch::Alarm').map(([, a]) => props(a));
    const named = (id: string) => alarms.find((a) => a.AlarmName === `Aivatar-dev-${id}`) as Json;
    const dlq = named('PrivacyJobDeadLetters');
    expect(at(dlq, 'Dimensions', 0, 'Value')).toEqual({
      'Fn::GetAtt': [queueId(s.stack.privacyJobs.deadLetterQueue), 'QueueName'],
    });
    expect(dlq).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 1 });
    expect(named('PrivacyJobErrors')).toMatchObject({ MetricName: 'Errors', Namespace: 'AWS/Lambda' });
    expect(named('PrivacyJobsFailed')).toMatchObject({ MetricName: 'PrivacyJobsFailed', Threshold: 1 });
  });
});

describe('the privacy job function', () => {
  it('runs one job an invocation within its timeout and reserved concurrency, reporting partial failures', () => {
    const fn = jobFn();
    expect(fn.Timeout).toBe(PRIVACY_JOB_QUEUE.functionTimeoutSeconds);
    expect(fn.ReservedConcurrentExecutions).toBe(PRIVACY_JOB_RESERVED_CONCURRENCY);
    const mapping = ofType(s, 'AWS::Lambda::EventSourceMapping')
      .map(([, m]) => props(m))
      .find((m) => JSON.stringify(m.FunctionName) === JSON.stringify({ Ref: jobFnId() }));
    expect(mapping).toMatchObject({
      EventSourceArn: arnOf(queueId(s.stack.privacyJobs.queue)),
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('sweeps on a schedule, with the event the handler takes for a sweep', () => {
    const rule = ofType(s, 'AWS::Events::Rule')
      .map(([, r]) => props(r))
      .find((r) => JSON.stringify(r.Targets).includes(jobFnId())) as Json;
    expect(rule.ScheduleExpression).toBe(`rate(${PRIVACY_JOB_QUEUE.sweepMinutes} minutes)`);
    expect(JSON.parse(at(rule, 'Targets', 0, 'Input') as string)).toEqual({
      source: 'aws.events',
      'detail-type': 'Scheduled Event',
    });
  });

  it('gets every setting its config reads', () => {
    const vars = at(jobFn(), 'Environment', 'Variables') as Json;
    expect(() => readConfig(JOB_CONFIG['privacy-jobs'], deployedEnvironment(vars))).not.toThrow();
    expect(vars.PRIVACY_JOB_QUEUE_URL).toEqual({ Ref: queueId(s.stack.privacyJobs.queue) });
  });

  it('holds exactly what it declares: table, indexes (Query), user file prefixes, mail, Stripe, its queue', () => {
    const tableArn = arnOf(onlyOfType(s, 'AWS::DynamoDB::Table')[0]);
    const own = arnOf(queueId(s.stack.privacyJobs.queue));
    const consume = [
      'sqs:ReceiveMessage',
      'sqs:ChangeMessageVisibility',
      'sqs:GetQueueUrl',
      'sqs:DeleteMessage',
    ];
    const statements = roleStatements(s, at(jobFn(), 'Role', 'Fn::GetAtt', 0) as string);
    const declared = new Set<string>([
      ...PRIVACY_JOB_NEEDS.table.actions,
      ...MEDIA_OBJECT_ACTIONS,
      ...MEDIA_LIST_ACTIONS,
      ...SEND_MAIL_ACTIONS,
      ...STRIPE_SECRET_ACTIONS,
      ...SEND_JOB_ACTIONS,
      ...consume,
      'sqs:GetQueueAttributes',
    ]);
    for (const st of statements) {
      for (const action of actionsOf(st)) expect(declared.has(action), action).toBe(true);
      if (actionsOf(st).some((a) => a.startsWith('sqs:'))) expect(resourcesOf(st)).toEqual([own]);
      expect(st.Resource).not.toBe('*');
    }
    const table = statements.find((st) => actionsOf(st).includes('dynamodb:BatchWriteItem')) as Json;
    expect(resourcesOf(table)).toEqual([tableArn]);
    const indexes = statements.find((st) => JSON.stringify(st.Resource).includes('/index/')) as Json;
    expect(actionsOf(indexes)).toEqual(['dynamodb:Query']);
    const objects = statements.find((st) => actionsOf(st).includes('s3:DeleteObject')) as Json;
    const prefixes = resourcesOf(objects).map((r) => JSON.stringify(r).match(/\/([a-z-]+\/)\*"/)?.[1]);
    expect(prefixes.sort()).toEqual([...USER_FILE_PREFIXES].sort());
  });

  it('declares exactly the DynamoDB actions its code calls', async () => {
    const bundle = await buildGroupBundle('privacy-jobs', join(tempDir('aivatar-jobs-bundle-'), 'jobs.mjs'));
    const used = dynamoUsage(sourceFiles(bundle));
    expect(used.unknownCommands).toEqual([]);
    expect([...PRIVACY_JOB_NEEDS.table.actions].sort()).toEqual(used.actions);
    expect(used.queriesIndex).toBe(true);
  });
});

describe('the account group', () => {
  it('only queues jobs: no Stripe key, no listing, exports/ for download links, SendMessage on the job queue', () => {
    const fnProps = props(s.resources[functionId(s, 'account')] as Resource);
    const vars = at(fnProps, 'Environment', 'Variables') as Json;
    expect(vars.PRIVACY_JOB_QUEUE_URL).toEqual({ Ref: queueId(s.stack.privacyJobs.queue) });
    expect(vars.STRIPE_SECRET_KEY_ARN).toBeUndefined();
    const actions = roleStatements(s, roleId(s, 'account')).flatMap(actionsOf);
    expect(actions).toContain('sqs:SendMessage');
    expect(actions).not.toContain('s3:ListBucket');
    expect(GROUP_NEEDS.account?.media?.prefixes).toEqual(['exports/']);
  });
});

describe('users’ files', () => {
  it('are written only under the prefixes a deletion lists (style pictures are nobody’s files)', () => {
    const written = [
      ...Object.values(GROUP_NEEDS).flatMap((n) => n?.media?.prefixes ?? []),
      ...Object.values(GENERATION_NEEDS).flatMap((n) => n.media),
    ];
    const known: readonly string[] = USER_FILE_PREFIXES;
    expect(written.filter((p) => !known.includes(p) && p !== 'style-images/')).toEqual([]);
  });
});
