import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/adapters/dynamodb/client.ts';
import { activatedUser, callRoute, newEmail, request, stack } from '../support/api.ts';

describe('bad requests', () => {
  it('get a 400 with a clear message, never a 500', async () => {
    const cases: [string, Parameters<typeof callRoute>[1], string | RegExp][] = [
      ['malformed JSON', { rawBody: '{"email": ' }, 'Request body is not valid JSON.'],
      [
        'empty body',
        { rawBody: '', headers: { 'content-type': 'application/json' } },
        'Request body is not valid JSON.',
      ],
      ['an array', { body: [1, 2] }, /Invalid field body/],
      ['wrong type', { body: { email: 42, terms_accepted: true } }, /Invalid field email/],
      ['missing field', { body: { terms_accepted: true } }, 'Missing field: email.'],
      [
        'unknown field',
        { body: { email: newEmail(), terms_accepted: true, admin: true } },
        'Unknown field: admin.',
      ],
      [
        'oversized',
        { body: { email: `${'a'.repeat(20_000)}@x.io`, terms_accepted: true } },
        'Request body is too large.',
      ],
      [
        'not JSON',
        { rawBody: 'email=a@b.c', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        /must be JSON/,
      ],
    ];
    for (const [name, options, message] of cases) {
      const res = await callRoute('signup', options);
      expect(res.status, name).toBe(400);
      if (typeof message === 'string') expect(res.body.msg, name).toBe(message);
      else expect(res.body.msg, name).toMatch(message);
    }
  });

  it('a failure of ours is a 500 saying "Server error" with a correlation id, and nothing else', async () => {
    // A corrupted account record: the store refuses to read it back.
    const email = newEmail('corrupt');
    const db = createDocumentClient(stack().dynamoEndpoint);
    await db.send(
      new PutCommand({
        TableName: stack().tableName,
        Item: { pk: `EMAIL#${email}`, sk: 'EMAIL', user_id: 'broken' },
      }),
    );
    await db.send(
      new PutCommand({ TableName: stack().tableName, Item: { pk: 'USER#broken', sk: 'PROFILE', email } }),
    );
    const res = await callRoute('login', { body: { email, password: 'some password' } });
    expect(res.status).toBe(500);
    expect(res.body.msg).toBe('Server error');
    expect(res.body.correlation_id).toMatch(/[0-9a-f-]{36}/);
    expect(res.headers.get('x-correlation-id')).toBe(res.body.correlation_id);
    expect(JSON.stringify(res.body)).not.toMatch(/zod|stack|status|Error/);
  });
});

describe('the API host', () => {
  it('admits only the web origin in CORS, with the Authorization and Token headers', async () => {
    const preflight = await fetch(`${stack().apiUrl}/user_info`, {
      method: 'OPTIONS',
      headers: {
        origin: stack().webUrl,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,token',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(stack().webUrl);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/token/);

    const foreign = await fetch(`${stack().apiUrl}/user_info`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const get = await callRoute('userInfo', { headers: { origin: 'https://evil.example' } });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers unknown paths with 404', async () => {
    expect((await request('GET', '/nothing-here')).status).toBe(404);
  });

  it('never takes a session from ?token= (issue 23), on a route that answers a file or any other', async () => {
    const { token } = await activatedUser();
    const refused = await callRoute('userInfo', { query: { token } });
    expect(refused.status).toBe(401);
    expect((await callRoute('userInfo', { token })).status).toBe(200);
  });
});
