// What an operator reads, through Powertools for AWS Lambda: every log line of a request carries its
// correlation id, the group, the route, the user and the Lambda context, and no other request's; a task
// message carries the id to the worker; no password, token, email or face descriptor reaches a line;
// business metrics are CloudWatch EMF in namespace Aivatar with the Stage dimension alone (what the alarms
// read); webhook signature failures are counted.
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BusinessMetric } from '#platform/domain/metrics.ts';
import type { User } from '#platform/domain/ports.ts';
import { groupHandler } from '#platform/http/group-handler.ts';
import { currentCorrelationId, functionLogger, logger } from '#platform/observability/logger.ts';
import { businessMetrics } from '#platform/observability/metrics.ts';
import { observedHandler } from '#platform/observability/observed-handler.ts';
import { tracer, tracingWanted } from '#platform/observability/tracer.ts';
import { correlationAttributes, withRecordContext } from '#platform/sqs/message-context.ts';
import { apiRoutes } from '#shared/api-routes.ts';
import type { WebhookDeps } from '../../functions/billing/domain/webhook.ts';
import { StripeEventVerifier } from '../../functions/billing/stripe/stripe-events.ts';
import { webhookRoutes } from '../../functions/billing/webhook-routes.ts';
import { lambdaContext } from '../../infra/local/lambda-context.ts';

// The function's logger takes its level at start, and goes back to it at each invocation, as in Lambda. The
// unit files share their worker's modules (vitest.config.ts): these are loaded anew, at level info, and the
// next file gets its own again, at the project's level.
const projectLevel = vi.hoisted(() => {
  const level = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'info';
  vi.resetModules();
  return level;
});
afterAll(() => {
  if (projectLevel === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = projectLevel;
  vi.resetModules();
});

type Line = Record<string, unknown>;
let written: string[] = [];
const originalWrite = { out: process.stdout.write, err: process.stderr.write };
beforeEach(() => {
  written = [];
  process.env.LOG_LEVEL = 'info';
  const capture = (chunk: string | Uint8Array) => {
    written.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  };
  process.stdout.write = capture as typeof process.stdout.write;
  process.stderr.write = capture as typeof process.stderr.write;
});
afterEach(() => {
  process.stdout.write = originalWrite.out;
  process.stderr.write = originalWrite.err;
  process.env.LOG_LEVEL = 'info';
  functionLogger.setLogLevel('INFO');
});

const parsed = (): Line[] => written.map((l) => JSON.parse(l) as Line);
const logLines = () => parsed().filter((l) => !('_aws' in l));
const emfLines = () => parsed().filter((l) => '_aws' in l);

function apiEvent(
  routeKey: string,
  requestId: string,
  token = 't0ken',
  body?: string,
): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey,
    rawPath: '/',
    rawQueryString: '',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requestContext: {
      requestId,
      routeKey,
      http: { method: 'POST', path: '/', sourceIp: '127.0.0.1', protocol: 'HTTP/1.1', userAgent: 't' },
    },
    body,
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
}

/** The session of each token: `user-<token>`. */
const sessionOf = async (token: string) => ({ id: `user-${token}`, role: 'user' }) as User;
const context = (requestId: string): Context => lambdaContext('aivatar-dev-account', { requestId });
/** The account group's other routes, which these tests do not call. */
const noDeletion = {
  state: 'queued',
  steps_done: 0,
  steps_total: 6,
  items_deleted: 0,
  files_deleted: 0,
  created_at: 0,
  finished_at: null,
} as const;
const noExport = { id: '', state: 'queued', created_at: 0, expires_at: 0, size: null } as const;
const unused = {
  deleteAccount: async () => ({ msg: '', deletion: { id: '', status: noDeletion } }),
  accountDeletionStatus: async () => noDeletion,
  exportAccountData: async () => ({ msg: '', export: noExport }),
  latestAccountExport: async () => ({ export: null }),
  accountExportDownload: async () => ({ url: '', size: 0, created_at: 0, expires_at: 0 }),
};
const accountHandler = (requestAccountDeletionLink: () => Promise<{ msg: string }>) =>
  groupHandler('account', apiRoutes, { ...unused, requestAccountDeletionLink } as never, sessionOf, {
    originSecret: null,
    webOrigin: 'http://localhost:5173',
  });
const DELETION_LINK = 'POST /account/delete/link';

describe('log context', () => {
  it('gives every line of a request its correlation id, group, route, user and Lambda context, and none to the next request', async () => {
    const handler = accountHandler(async () => {
      logger().info('sending the link');
      await new Promise((r) => setTimeout(r, 5));
      logger().warn('still the same request', { extra: 1 });
      return { msg: 'ok' };
    });
    const res = await handler(apiEvent(DELETION_LINK, 'req-1', 'ann'), context('lambda-1'));
    expect(res.headers?.['x-correlation-id']).toBe('req-1');
    expect(logLines()).toEqual([
      expect.objectContaining({
        level: 'INFO',
        message: 'sending the link',
        correlation_id: 'req-1',
        group: 'account',
        userId: 'user-ann',
        route: DELETION_LINK,
        function_name: 'aivatar-dev-account',
        function_request_id: 'lambda-1',
      }),
      expect.objectContaining({
        level: 'WARN',
        message: 'still the same request',
        correlation_id: 'req-1',
        extra: 1,
      }),
    ]);
    expect(currentCorrelationId()).toBeUndefined();

    written = [];
    await handler(apiEvent(DELETION_LINK, 'req-2', 'bob'), context('lambda-2'));
    for (const line of logLines()) {
      expect(line).toMatchObject({
        correlation_id: 'req-2',
        userId: 'user-bob',
        function_request_id: 'lambda-2',
      });
    }
  });

  it('keeps requests handled side by side apart (the local API, a worker batch)', async () => {
    const handler = accountHandler(async () => {
      for (let i = 0; i < 3; i++) {
        logger().info('step', { step: i });
        await new Promise((r) => setTimeout(r, 1 + Math.random() * 3));
      }
      return { msg: 'ok' };
    });
    await Promise.all(
      ['ann', 'bob', 'cat'].map((who) => handler(apiEvent(DELETION_LINK, `req-${who}`, who), context(who))),
    );
    const steps = logLines().filter((l) => l.message === 'step');
    expect(steps).toHaveLength(9);
    for (const line of steps) expect(line.userId).toBe(`user-${String(line.correlation_id).slice(4)}`);
  });

  it('logs an unexpected failure with the id the caller sees', async () => {
    const handler = accountHandler(async () => {
      throw new Error('boom');
    });
    const res = await handler(apiEvent(DELETION_LINK, 'req-500'), context('lambda-500'));
    expect(res.statusCode).toBe(500);
    expect(res.headers?.['x-correlation-id']).toBe('req-500');
    expect(JSON.parse(res.body ?? '{}')).toMatchObject({ correlation_id: 'req-500' });
    expect(logLines().find((l) => l.level === 'ERROR')).toMatchObject({
      message: 'unhandled error',
      correlation_id: 'req-500',
      userId: 'user-t0ken',
      error: expect.objectContaining({ name: 'Error', message: 'boom' }),
    });
  });

  it('carries the id from the API to the worker through the task message', () => {
    const attributes = correlationAttributes('req-7');
    expect(attributes).toEqual({ correlationId: { DataType: 'String', StringValue: 'req-7' } });
    const record = {
      messageId: 'm-1',
      messageAttributes: { correlationId: { stringValue: 'req-7', dataType: 'String' } },
    } as never;
    withRecordContext(record, { taskId: 't-9' }, () => logger().info('task done'));
    expect(logLines()[0]).toMatchObject({ correlation_id: 'req-7', messageId: 'm-1', taskId: 't-9' });
    // A message sent by hand gets a fresh id rather than none.
    withRecordContext({ messageId: 'm-2', messageAttributes: {} } as never, {}, () => logger().info('x'));
    expect(logLines()[1]?.correlation_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes nothing at LOG_LEVEL=silent (the tests)', () => {
    functionLogger.setLogLevel('SILENT');
    withRecordContext({ messageId: 'm-3', messageAttributes: {} } as never, {}, () => logger().error('x'));
    logger().error('y');
    expect(written).toEqual([]);
  });
});

describe('personal data', () => {
  it('never reaches a log line: passwords, tokens, secrets and emails, wherever they sit', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIn0.c2lnbmF0dXJlLXNlY3JldA';
    logger().warn('sign-in of ann.lee@example.com refused', {
      body: {
        email: 'ann.lee@example.com',
        password: 'hunter2 horse battery',
        currentPassword: 'old pass 99',
      },
      headers: {
        authorization: `Bearer ${jwt}`,
        cookie: 'aivatar_google=s3cr3tc00kie',
        'x-origin-verify': 'edge-s3cret',
        'x-capture-code': 'CAPTURE0CODE',
        'x-capture-device': 'phone-s3cret',
      },
      token: 'login-token-abc123',
      link: 'https://app.example.com/login/link?token=one-time-xyz789&lang=fr',
      note: `session ${jwt} for bob+tag@mail.example.org`,
      stripe: 'sk_live_51Hq9abcdEFGH and whsec_abcdef123456',
      error: new Error('no account for carol@example.net'),
    });
    expect(written).toHaveLength(1);
    const raw = written[0] as string;
    for (const secret of [
      'ann.lee@example.com',
      'bob+tag@mail.example.org',
      'carol@example.net',
      'hunter2',
      'old pass 99',
      'eyJhbGciOiJIUzI1NiJ9',
      's3cr3tc00kie',
      'edge-s3cret',
      'CAPTURE0CODE',
      'phone-s3cret',
      'login-token-abc123',
      'one-time-xyz789',
      'sk_live_51Hq9abcdEFGH',
      'whsec_abcdef123456',
    ]) {
      expect(raw, secret).not.toContain(secret);
    }
    // What is not personal stays readable.
    const line = JSON.parse(raw) as Line & { link: string; error: { message: string } };
    expect(line.message).toBe('sign-in of [email removed] refused');
    expect(line.link).toBe('https://app.example.com/login/link?token=[removed]&lang=fr');
    expect(line.error.message).toBe('no account for [email removed]');
  });

  it('replaces a face descriptor (biometric data) wherever it sits', () => {
    const descriptor = Array.from({ length: 128 }, (_, i) => i / 1000 + 0.123456);
    logger().warn('a photo', { photo: { filename: 'p.jpg', face: { box: { x: 0.1 }, descriptor } } });
    expect(written).toHaveLength(1);
    const line = JSON.parse(written[0] as string) as { photo: { face: Record<string, unknown> } };
    expect(line.photo.face.descriptor).toBe('[biometric data removed]');
    expect(line.photo.face.box).toEqual({ x: 0.1 });
    expect(written[0]).not.toContain('0.123456');
  });
});

describe('business metrics', () => {
  const recording = (record: () => void) =>
    observedHandler(async () => {
      record();
      return 'ok';
    });

  it('are one CloudWatch EMF line per invocation, in namespace Aivatar with the Stage dimension alone', async () => {
    await recording(() => {
      businessMetrics.record('TokensSold', 40);
      businessMetrics.record('ProviderLatency', 1234);
      businessMetrics.record('TasksRefunded');
      businessMetrics.record('TasksRefunded');
      businessMetrics.record('TasksDone', Number.NaN);
    })({}, lambdaContext('aivatar-dev-billing'));
    const emf = emfLines();
    expect(emf).toHaveLength(1);
    const line = emf[0] as Line & { _aws: { CloudWatchMetrics: { Metrics: unknown[] }[] } };
    expect(line).toMatchObject({
      _aws: {
        Timestamp: expect.any(Number),
        CloudWatchMetrics: [{ Namespace: 'Aivatar', Dimensions: [['Stage']] }],
      },
      Stage: process.env.STAGE ?? 'local',
      TokensSold: 40,
      ProviderLatency: 1234,
      TasksRefunded: [1, 1],
    });
    expect(line._aws.CloudWatchMetrics[0]?.Metrics).toEqual([
      { Name: 'TokensSold', Unit: 'Count' },
      { Name: 'ProviderLatency', Unit: 'Milliseconds' },
      { Name: 'TasksRefunded', Unit: 'Count' },
    ]);
    expect(line).not.toHaveProperty('TasksDone');
    expect(line).not.toHaveProperty('service');
  });

  it('write nothing for an invocation that records none, and nothing at LOG_LEVEL=silent', async () => {
    await recording(() => {})({}, lambdaContext('aivatar-dev-photos'));
    process.env.LOG_LEVEL = 'silent';
    await recording(() => businessMetrics.record('TasksCreated', 3))(
      {},
      lambdaContext('aivatar-dev-avatars'),
    );
    expect(written).toEqual([]);
  });

  it('count webhook deliveries with a bad signature apart from other failures', async () => {
    const recorded: BusinessMetric[] = [];
    const stripe = new Stripe('sk_test_unit', { telemetry: false });
    const secret = 'whsec_unit_test_secret';
    const routes = webhookRoutes(
      { metrics: { record: (n: BusinessMetric) => void recorded.push(n) } } as unknown as WebhookDeps,
      new StripeEventVerifier(stripe, secret),
    );
    const payload = JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } });
    const call = (signature: string) =>
      routes.stripeWebhook({
        event: {
          ...apiEvent('POST /stripe/webhook', 'r'),
          body: payload,
          headers: { 'stripe-signature': signature },
        },
      } as never);
    await expect(call('t=1,v1=forged')).rejects.toMatchObject({ code: 'INVALID_SIGNATURE' });
    expect(recorded).toEqual(['WebhookSignatureFailures']);
    // Signed right, but applying it fails (no store here): a failure Stripe will retry.
    await expect(call(Stripe.webhooks.generateTestHeaderString({ payload, secret }))).rejects.toThrow();
    expect(recorded).toEqual(['WebhookSignatureFailures', 'WebhookFailures']);
  });
});

describe('tracing', () => {
  it('is loaded only in Lambda, and not there with POWERTOOLS_TRACE_ENABLED=false: never locally or in tests', () => {
    expect(tracer).toBeUndefined();
    expect(tracingWanted({})).toBe(false);
    const lambda = { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x' };
    expect(tracingWanted(lambda)).toBe(true);
    expect(tracingWanted({ ...lambda, POWERTOOLS_TRACE_ENABLED: 'false' })).toBe(false);
  });

  it('traces a handler in Lambda, which answers as before', async () => {
    const previous = process.env.AWS_EXECUTION_ENV;
    process.env.AWS_EXECUTION_ENV = 'AWS_Lambda_nodejs24.x';
    // Outside an invocation of Lambda's there is no trace segment: the X-Ray SDK would log each time.
    process.env.AWS_XRAY_CONTEXT_MISSING = 'IGNORE_ERROR';
    try {
      const { Tracer } = await import('@aws-lambda-powertools/tracer');
      const lambdaTracer = new Tracer({ serviceName: 'aivatar' });
      expect(lambdaTracer.isTracingEnabled()).toBe(true);
      const handler = observedHandler(async (event: { n: number }) => event.n + 1, { tracer: lambdaTracer });
      expect(await handler({ n: 41 }, lambdaContext('aivatar-dev-avatars'))).toBe(42);
    } finally {
      if (previous === undefined) delete process.env.AWS_EXECUTION_ENV;
      else process.env.AWS_EXECUTION_ENV = previous;
    }
  });
});
