// On a stage with WAF, the API is served through its CloudFront distribution, which adds a secret header.
// API Gateway's execute-api address stays open on the internet: a request sent there directly (past WAF)
// lacks the header and is refused before anything else is read. The secret lives in Secrets Manager (a
// stand-in speaking its protocol here) and can be rotated without a redeploy of the functions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIOUS_VALUE_ACCEPTED_MS, REREAD_AFTER_MS } from '../../functions/http/origin-verify.ts';
import { freePort } from '../../infra/local/ports.ts';
import { activatedUser, callRoute, stack } from '../support/api.ts';
import { type AuthGateway, startAuthGateway } from '../support/auth-gateway.ts';
import { type FakeSecretsManager, startFakeSecretsManager } from '../support/fake-secrets-manager.ts';

const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:AivatarOriginVerify-AbCdEf';
const FIRST = 'first-origin-secret-0123456789abcdef';
const SECOND = 'second-origin-secret-0123456789abcdef';

const ENV = {
  AWS_ENDPOINT_URL_SECRETS_MANAGER: '',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
} as Record<string, string>;
const saved: Record<string, string | undefined> = {};

let sm: FakeSecretsManager;
let api: AuthGateway;
beforeAll(async () => {
  sm = await startFakeSecretsManager();
  sm.put(ARN, FIRST);
  ENV.AWS_ENDPOINT_URL_SECRETS_MANAGER = sm.endpoint;
  for (const [k, v] of Object.entries(ENV)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  api = await startAuthGateway({ port: await freePort(), originSecretArn: ARN });
});
afterAll(async () => {
  await api?.stop();
  await sm?.stop();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

const viaEdge = (value: string) => ({ 'x-origin-verify': value });
const advance = (ms: number) => {
  api.clock.t += Math.ceil(ms / 1000);
};

describe('a stage whose API sits behind its CloudFront distribution', () => {
  it('reads the secret once at start, not on the first request', async () => {
    await expect.poll(() => sm.reads(ARN)).toBe(1);
  });

  it('refuses a request sent straight to API Gateway, public and signed-in routes alike, before reading it', async () => {
    const { token } = await activatedUser();
    const direct = [
      await callRoute('login', { apiUrl: api.apiUrl, body: { email: 'a@example.test', password: 'x' } }),
      await callRoute('userInfo', { apiUrl: api.apiUrl, token }),
      // not even a malformed body is looked at
      await callRoute('signup', {
        apiUrl: api.apiUrl,
        rawBody: '{',
        headers: { 'content-type': 'application/json' },
      }),
    ];
    for (const res of direct) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', msg: 'Forbidden' });
    }
    const wrong = await callRoute('userInfo', { apiUrl: api.apiUrl, token, headers: viaEdge('guess') });
    expect(wrong.status).toBe(403);
  });

  it('serves the same requests when they carry the distribution’s header', async () => {
    const { email, token } = await activatedUser();
    const me = await callRoute('userInfo', { apiUrl: api.apiUrl, token, headers: viaEdge(FIRST) });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
    const badLogin = await callRoute('login', {
      apiUrl: api.apiUrl,
      headers: viaEdge(FIRST),
      body: { email, password: 'not-the-password-1' },
    });
    expect(badLogin.status).toBe(401);
  });

  it('checks a preflight (OPTIONS) like any request: refused straight, answered with CORS through the edge', async () => {
    const preflight = (headers: Record<string, string>) =>
      fetch(`${api.apiUrl}/user_info`, {
        method: 'OPTIONS',
        headers: {
          origin: stack().webUrl,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
          ...headers,
        },
      });
    const direct = await preflight({});
    expect(direct.status).toBe(403);
    expect(await direct.json()).toMatchObject({ code: 'FORBIDDEN' });
    const guessed = await preflight(viaEdge('guess'));
    expect(guessed.status).toBe(403);
    const viaDistribution = await preflight(viaEdge(FIRST));
    expect(viaDistribution.status).toBe(204);
    expect(viaDistribution.headers.get('access-control-allow-origin')).toBe(stack().webUrl);
    expect(viaDistribution.headers.get('access-control-allow-methods')).toContain('POST');
    // Another origin learns nothing it could use.
    const elsewhere = await preflight({ ...viaEdge(FIRST), origin: 'https://evil.example' });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('asks Secrets Manager at most once per window however many wrong values arrive', async () => {
    const before = sm.reads(ARN);
    advance(REREAD_AFTER_MS + 1000);
    const { token } = await activatedUser();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callRoute('userInfo', { apiUrl: api.apiUrl, token, headers: viaEdge(`guess-${i}`) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(403));
    expect(sm.reads(ARN) - before).toBe(1);
    // No header at all never makes it ask.
    advance(REREAD_AFTER_MS + 1000);
    await callRoute('userInfo', { apiUrl: api.apiUrl, token });
    expect(sm.reads(ARN) - before).toBe(1);
  });

  it('follows a rotated secret without a redeploy, and lets the old value go after the changeover', async () => {
    const { token } = await activatedUser();
    sm.put(ARN, SECOND);
    advance(REREAD_AFTER_MS + 1000);
    // The distribution sends the new value: the function reads the secret again and serves it.
    expect(
      (await callRoute('userInfo', { apiUrl: api.apiUrl, token, headers: viaEdge(SECOND) })).status,
    ).toBe(200);
    // Edges still on the old value are served while CloudFront changes over...
    expect((await callRoute('userInfo', { apiUrl: api.apiUrl, token, headers: viaEdge(FIRST) })).status).toBe(
      200,
    );
    // ...and refused once the changeover is over.
    advance(PREVIOUS_VALUE_ACCEPTED_MS + 1000);
    expect((await callRoute('userInfo', { apiUrl: api.apiUrl, token, headers: viaEdge(FIRST) })).status).toBe(
      403,
    );
    expect(
      (await callRoute('userInfo', { apiUrl: api.apiUrl, token, headers: viaEdge(SECOND) })).status,
    ).toBe(200);
  });
});
