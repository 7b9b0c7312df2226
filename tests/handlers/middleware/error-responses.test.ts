// functions/platform/http/middleware.ts's errorResponses (with error-mapper.ts): every failure becomes the product's
// status and a `msg`, never a stack; every answer carries the correlation id.
import { describe, expect, it } from 'vitest';
import {
  DomainError,
  NotEnoughTokensError,
  RateLimitedError,
  SubscriptionExistsError,
} from '#platform/domain/errors.ts';
import { RequestError } from '#platform/http/error-mapper.ts';
import { errorResponses, routeFor } from '#platform/http/middleware.ts';
import { apiRoutes } from '#shared/api-routes.ts';
import { routeEvent } from '../../support/handler-events.ts';
import { middyRequest, runBefore } from './request.ts';

const routes = { userInfo: apiRoutes.userInfo };

async function failWith(error: unknown) {
  const request = middyRequest(routeEvent('userInfo', { requestId: 'corr-1' }));
  await runBefore(routeFor(routes), request);
  request.error = error as Error;
  await errorResponses().onError?.(request);
  const response = request.response;
  return {
    status: response?.statusCode,
    headers: response?.headers,
    body: JSON.parse(String(response?.body)),
  };
}

describe('errorResponses', () => {
  it('gives a domain error its status and message, as `msg` and as `error`', async () => {
    const cases: [DomainError, number][] = [
      [new DomainError('UNAUTHENTICATED', 'Please log in to continue.'), 401],
      [new DomainError('FORBIDDEN', 'You do not have access to this page.'), 403],
      [new DomainError('NOT_FOUND', 'Photo not found.'), 404],
      [new DomainError('EMAIL_TAKEN', 'This email is already registered.'), 409],
      [new DomainError('PAYLOAD_TOO_LARGE', 'Too large.'), 413],
      [new DomainError('FACE_CHECK_UNAVAILABLE', 'Try again later.'), 503],
    ];
    for (const [error, status] of cases) {
      const res = await failWith(error);
      expect(res.status, error.code).toBe(status);
      expect(res.body).toEqual({ msg: error.message, code: error.code, error: error.message });
      expect(res.headers?.['x-correlation-id']).toBe('corr-1');
      expect(res.headers?.['content-type']).toBe('application/json; charset=utf-8');
    }
  });

  it('adds what the client needs: Retry-After, the tokens short, the dashboard', async () => {
    const limited = await failWith(new RateLimitedError('Too many attempts.', 41.2));
    expect(limited).toMatchObject({ status: 429, body: { retry_after: 42 } });
    expect(limited.headers?.['retry-after']).toBe('42');
    const short = await failWith(new NotEnoughTokensError(5, 2));
    expect(short).toMatchObject({
      status: 403,
      body: { error: 'Not enough tokens', needed: 5, available: 2, code: 'NOT_ENOUGH_TOKENS' },
    });
    const exists = await failWith(
      new SubscriptionExistsError('You already subscribe.', 'https://billing.example'),
    );
    expect(exists).toMatchObject({ status: 409, body: { dashboard_url: 'https://billing.example' } });
  });

  it('answers a bad request with its own status and code', async () => {
    const res = await failWith(new RequestError(400, 'MALFORMED_JSON', 'Request body is not valid JSON.'));
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'MALFORMED_JSON', msg: 'Request body is not valid JSON.' },
    });
  });

  it('hides anything else behind "Server error" and the correlation id', async () => {
    const res = await failWith(new TypeError('secret detail at /var/task/index.js:1'));
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ msg: 'Server error', code: 'SERVER_ERROR', correlation_id: 'corr-1' });
    expect(res.headers?.['x-correlation-id']).toBe('corr-1');
  });

  it('puts the correlation id on a successful answer too', async () => {
    const request = middyRequest(routeEvent('userInfo', { requestId: 'corr-2' }), {
      statusCode: 200,
      body: '{}',
    });
    await runBefore(routeFor(routes), request);
    await errorResponses().after?.(request);
    expect(request.response?.headers).toEqual({ 'x-correlation-id': 'corr-2' });
  });
});
