// What an operator reads: every log line of a request carries its correlation id, the group, the route and
// the user; a task message carries the id to the worker; business metrics are CloudWatch EMF lines; webhook
// signature failures are counted.
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emfLine, emfMetrics } from '../../functions/adapters/metrics/emf-metrics.ts';
import { correlationAttributes, withRecordContext } from '../../functions/adapters/sqs/message-context.ts';
import { StripeEventVerifier } from '../../functions/adapters/stripe/stripe-events.ts';
import type { WebhookDeps } from '../../functions/domain/billing/webhook.ts';
import type { BusinessMetric } from '../../functions/domain/metrics.ts';
import type { User } from '../../functions/domain/ports.ts';
import { groupHandler } from '../../functions/http/group-handler.ts';
import { currentCorrelationId, log } from '../../functions/http/logger.ts';
import { webhookRoutes } from '../../functions/stripe-webhook/routes.ts';

let lines: string[] = [];
const original = { log: console.log, error: console.error, level: process.env.LOG_LEVEL };
beforeEach(() => {
  lines = [];
  process.env.LOG_LEVEL = 'info';
  console.log = (l: string) => void lines.push(l);
  console.error = (l: string) => void lines.push(l);
});
afterEach(() => {
  console.log = original.log;
  console.error = original.error;
  process.env.LOG_LEVEL = original.level;
});

const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

function apiEvent(routeKey: string, requestId: string, body?: string): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey,
    rawPath: '/',
    rawQueryString: '',
    headers: { authorization: 'Bearer t0ken', 'content-type': 'application/json' },
    requestContext: {
      requestId,
      routeKey,
      http: { method: 'POST', path: '/', sourceIp: '127.0.0.1', protocol: 'HTTP/1.1', userAgent: 't' },
    },
    body,
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
}

const user = { id: 'user-42', role: 'user' } as User;
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

describe('log context', () => {
  it('gives every line of a request its correlation id, group, route and user, and none to the next request', async () => {
    const handler = groupHandler(
      'account',
      {
        ...unused,
        requestAccountDeletionLink: async () => {
          log('info', 'sending the link');
          await new Promise((r) => setTimeout(r, 5));
          log('warn', 'still the same request', { extra: 1 });
          return { msg: 'ok' };
        },
      } as never,
      async () => user,
      { originSecret: null, webOrigin: 'http://localhost:5173' },
    );
    const res = await handler(apiEvent('POST /account/delete/link', 'req-1'), {} as Context);
    expect(res.headers?.['x-correlation-id']).toBe('req-1');
    expect(parsed()).toEqual([
      expect.objectContaining({
        message: 'sending the link',
        correlationId: 'req-1',
        group: 'account',
        userId: 'user-42',
        route: 'POST /account/delete/link',
      }),
      expect.objectContaining({ message: 'still the same request', correlationId: 'req-1', extra: 1 }),
    ]);
    expect(currentCorrelationId()).toBeUndefined();
  });

  it('logs an unexpected failure with the id the caller sees', async () => {
    const handler = groupHandler(
      'account',
      {
        ...unused,
        requestAccountDeletionLink: async () => {
          throw new Error('boom');
        },
      } as never,
      async () => user,
      { originSecret: null, webOrigin: 'http://localhost:5173' },
    );
    const res = await handler(apiEvent('POST /account/delete/link', 'req-500'), {} as Context);
    expect(res.statusCode).toBe(500);
    expect(res.headers?.['x-correlation-id']).toBe('req-500');
    expect(parsed().find((l) => l.level === 'error')).toMatchObject({
      correlationId: 'req-500',
      userId: 'user-42',
    });
  });

  it('carries the id from the API to the worker through the task message', () => {
    const attributes = correlationAttributes('req-7');
    expect(attributes).toEqual({ correlationId: { DataType: 'String', StringValue: 'req-7' } });
    const record = {
      messageId: 'm-1',
      messageAttributes: { correlationId: { stringValue: 'req-7', dataType: 'String' } },
    } as never;
    withRecordContext(record, { taskId: 't-9' }, () => log('info', 'task done'));
    expect(parsed()[0]).toMatchObject({ correlationId: 'req-7', messageId: 'm-1', taskId: 't-9' });
    // A message sent by hand gets a fresh id rather than none.
    withRecordContext({ messageId: 'm-2', messageAttributes: {} } as never, {}, () => log('info', 'x'));
    expect(parsed()[1]?.correlationId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('biometric data', () => {
  it('never reaches a log line: a face descriptor is replaced wherever it sits', () => {
    const descriptor = Array.from({ length: 128 }, (_, i) => i / 1000 + 0.123456);
    log('warn', 'a photo', { photo: { filename: 'p.jpg', face: { box: { x: 0.1 }, descriptor } } });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] as string) as { photo: { face: Record<string, unknown> } };
    expect(line.photo.face.descriptor).toBe('[biometric data removed]');
    expect(line.photo.face.box).toEqual({ x: 0.1 });
    expect(lines[0]).not.toContain('0.123456');
  });
});

describe('business metrics', () => {
  it('are CloudWatch Embedded Metric Format lines in namespace Aivatar with the stage dimension', () => {
    const line = emfLine('prod', 'TokensSold', 40, 1_700_000_000_000);
    expect(line).toMatchObject({
      _aws: {
        Timestamp: 1_700_000_000_000,
        CloudWatchMetrics: [
          { Namespace: 'Aivatar', Dimensions: [['Stage']], Metrics: [{ Name: 'TokensSold', Unit: 'Count' }] },
        ],
      },
      Stage: 'prod',
      TokensSold: 40,
    });
    const written: string[] = [];
    const metrics = emfMetrics('dev', (l) => written.push(l));
    metrics.record('ProviderLatency', 1234);
    metrics.record('TasksRefunded');
    metrics.record('TasksDone', Number.NaN);
    expect(written.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ ProviderLatency: 1234 }),
      expect.objectContaining({ TasksRefunded: 1 }),
    ]);
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
