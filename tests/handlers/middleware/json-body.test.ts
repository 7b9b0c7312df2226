// functions/platform/http/middleware.ts's jsonBody: a body is JSON of the route's schema, at most 16 KiB, or a 400
// that says why in words a person reads.
import { describe, expect, it } from 'vitest';
import { jsonBody, MAX_JSON_BODY_BYTES, routeFor, stateOf } from '#platform/http/middleware.ts';
import { apiRoutes, type RouteId } from '#shared/api-routes.ts';
import { type EventOptions, routeEvent } from '../../support/handler-events.ts';
import { middyRequest, runBefore } from './request.ts';

const routes = apiRoutes;

async function parse(id: RouteId, o: EventOptions) {
  const event = routeEvent(id, o);
  const request = middyRequest(event);
  await runBefore(routeFor(routes), request);
  const { error } = await runBefore(jsonBody(), request);
  return {
    error: error as { status: number; code: string; message: string } | undefined,
    body: stateOf(event).body,
  };
}

describe('jsonBody', () => {
  it('parses and validates the body into the request state', async () => {
    const ok = await parse('signup', { body: { email: 'a@example.test', terms_accepted: true } });
    expect(ok.error).toBeUndefined();
    expect(ok.body).toMatchObject({ email: 'a@example.test', terms_accepted: true });
  });

  it('reads a base64-encoded body, and a Content-Type in any case with a charset', async () => {
    const text = JSON.stringify({ email: 'a@example.test', password: 'x' });
    const b64 = await parse('login', { rawBody: Buffer.from(text) });
    expect(b64.error).toBeUndefined();
    const upper = await parse('login', {
      rawBody: text,
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    });
    expect(upper.error).toBeUndefined();
  });

  it('says what is wrong: not JSON, too large, unknown, missing or mistyped fields', async () => {
    const cases: [string, EventOptions, string, string][] = [
      ['malformed', { rawBody: '{"email": ' }, 'MALFORMED_JSON', 'Request body is not valid JSON.'],
      [
        'form',
        { rawBody: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        'UNSUPPORTED_CONTENT_TYPE',
        'Request body must be JSON (Content-Type: application/json).',
      ],
      [
        'too large',
        { rawBody: `"${'x'.repeat(MAX_JSON_BODY_BYTES - 1)}"` },
        'BODY_TOO_LARGE',
        'Request body is too large.',
      ],
      [
        'unknown',
        { body: { email: 'a@example.test', password: 'x', admin: true } },
        'VALIDATION_FAILED',
        'Unknown field: admin.',
      ],
      ['missing', { body: { email: 'a@example.test' } }, 'VALIDATION_FAILED', 'Missing field: password.'],
      [
        'mistyped',
        { body: { email: 42, password: 'x' } },
        'VALIDATION_FAILED',
        'Invalid field email: expected string.',
      ],
      ['an array', { body: [] }, 'VALIDATION_FAILED', 'Invalid field body: expected object.'],
    ];
    for (const [name, o, code, message] of cases) {
      const { error } = await parse('login', o);
      expect(error, name).toMatchObject({ status: 400, code, message });
    }
  });

  it('takes a body of exactly 16 KiB, and reads none on routes without a JSON schema', async () => {
    const email = `${'a'.repeat(MAX_JSON_BODY_BYTES - 40)}@x.io`;
    const padded = JSON.stringify({ email, password: 'x' });
    const exact = `${padded}${' '.repeat(MAX_JSON_BODY_BYTES - Buffer.byteLength(padded))}`;
    expect(Buffer.byteLength(exact)).toBe(MAX_JSON_BODY_BYTES);
    expect((await parse('login', { rawBody: exact })).error?.code).not.toBe('BODY_TOO_LARGE');
    const none = await parse('userInfo', { rawBody: '{' });
    expect(none).toEqual({ error: undefined, body: undefined });
  });
});
