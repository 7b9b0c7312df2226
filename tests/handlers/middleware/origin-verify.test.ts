// functions/platform/http/origin-verify.ts: on a stage with WAF, only requests that came through the API's
// CloudFront distribution (which adds a secret header) are served; API Gateway's own address stays open on
// the internet, and a request sent there is refused before anything else is read. The secret lives in
// Secrets Manager (a stand-in speaking its protocol here) and can be rotated without a redeploy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fromOriginOnly,
  ORIGIN_VERIFY_HEADER,
  originVerifier,
  PREVIOUS_VALUE_ACCEPTED_MS,
  REREAD_AFTER_MS,
} from '#platform/http/origin-verify.ts';
import { type FakeSecretsManager, startFakeSecretsManager } from '../../support/fake-secrets-manager.ts';
import {
  buildGroupHandler,
  call,
  type Handler,
  invoke,
  preflightEvent,
  signedInUser,
  type TestUser,
  WEB_URL,
} from '../../support/handler-events.ts';
import { middyRequest, runBefore } from './request.ts';

const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:AivatarOriginVerify-AbCdEf';
const FIRST = 'first-origin-secret-0123456789abcdef';
const SECOND = 'second-origin-secret-0123456789abcdef';

const ENV: Record<string, string> = {
  AWS_ENDPOINT_URL_SECRETS_MANAGER: '',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_REGION: 'eu-west-1',
};
const saved: Record<string, string | undefined> = {};

let sm: FakeSecretsManager;
let auth: Handler;
let user: TestUser;
/** the auth function's clock for the origin check (milliseconds) */
const clock = { t: Date.now() };
const advance = (ms: number) => {
  clock.t += ms;
};

beforeAll(async () => {
  sm = await startFakeSecretsManager();
  sm.put(ARN, FIRST);
  ENV.AWS_ENDPOINT_URL_SECRETS_MANAGER = sm.endpoint;
  for (const [k, v] of Object.entries(ENV)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  auth = await buildGroupHandler('auth', { env: { ORIGIN_VERIFY_SECRET_ARN: ARN }, clock: () => clock.t });
  user = await signedInUser();
});
afterAll(async () => {
  await sm?.stop();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

const viaEdge = (value: string) => ({ [ORIGIN_VERIFY_HEADER]: value });

describe('fromOriginOnly', () => {
  it('passes everything where no distribution fronts the API (no secret configured)', async () => {
    const { error } = await runBefore(fromOriginOnly(null), middyRequest(preflightEvent('/user_info')));
    expect(error).toBeUndefined();
  });

  it('refuses a missing or wrong header with 403 Forbidden, and passes the right one', async () => {
    expect(await originVerifier({ value: FIRST })(undefined)).toBe(false);
    const mw = fromOriginOnly({ value: FIRST });
    for (const headers of [{}, viaEdge('guess'), viaEdge(`${FIRST}x`)]) {
      const { error } = await runBefore(mw, middyRequest(preflightEvent('/user_info', { headers })));
      expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Forbidden' });
    }
    const ok = await runBefore(mw, middyRequest(preflightEvent('/user_info', { headers: viaEdge(FIRST) })));
    expect(ok.error).toBeUndefined();
  });
});

describe('a stage whose API sits behind its CloudFront distribution', () => {
  it('reads the secret once at start, not on the first request', async () => {
    await expect.poll(() => sm.reads(ARN)).toBe(1);
  });

  it('refuses a request sent straight to API Gateway, public and signed-in routes alike, before reading it', async () => {
    const direct = [
      await call('login', { body: { email: 'a@example.test', password: 'x' } }, auth),
      await call('userInfo', { token: user.token }, auth),
      // not even a malformed body is looked at
      await call('signup', { rawBody: '{' }, auth),
    ];
    for (const res of direct) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', msg: 'Forbidden' });
      expect(res.headers['access-control-allow-origin']).toBe(WEB_URL);
    }
    expect((await call('userInfo', { token: user.token, headers: viaEdge('guess') }, auth)).status).toBe(403);
  });

  it('serves the same requests when they carry the distribution’s header', async () => {
    const me = await call('userInfo', { token: user.token, headers: viaEdge(FIRST) }, auth);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(user.email);
    const badLogin = await call(
      'login',
      { headers: viaEdge(FIRST), body: { email: user.email, password: 'not-the-password-1' } },
      auth,
    );
    expect(badLogin.status).toBe(401);
  });

  it('checks a preflight (OPTIONS) like any request: refused straight, answered with CORS through the edge', async () => {
    const preflight = (headers: Record<string, string>) =>
      invoke(
        auth,
        preflightEvent('/user_info', {
          headers: {
            'access-control-request-method': 'GET',
            'access-control-request-headers': 'authorization',
            ...headers,
          },
        }),
      );
    const direct = await preflight({});
    expect(direct.status).toBe(403);
    expect(direct.body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await preflight(viaEdge('guess'))).status).toBe(403);
    const viaDistribution = await preflight(viaEdge(FIRST));
    expect(viaDistribution.status).toBe(204);
    expect(viaDistribution.headers['access-control-allow-origin']).toBe(WEB_URL);
    expect(viaDistribution.headers['access-control-allow-methods']).toContain('POST');
    const elsewhere = await invoke(
      auth,
      preflightEvent('/user_info', { origin: 'https://evil.example', headers: viaEdge(FIRST) }),
    );
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('asks Secrets Manager at most once per window however many wrong values arrive', async () => {
    const before = sm.reads(ARN);
    advance(REREAD_AFTER_MS + 1000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('userInfo', { token: user.token, headers: viaEdge(`guess-${i}`) }, auth),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(403));
    expect(sm.reads(ARN) - before).toBe(1);
    // No header at all never makes it ask.
    advance(REREAD_AFTER_MS + 1000);
    await call('userInfo', { token: user.token }, auth);
    expect(sm.reads(ARN) - before).toBe(1);
  });

  it('follows a rotated secret without a redeploy, and lets the old value go after the changeover', async () => {
    const status = async (value: string) =>
      (await call('userInfo', { token: user.token, headers: viaEdge(value) }, auth)).status;
    sm.put(ARN, SECOND);
    advance(REREAD_AFTER_MS + 1000);
    // The distribution sends the new value: the function reads the secret again and serves it.
    expect(await status(SECOND)).toBe(200);
    // Edges still on the old value are served while CloudFront changes over...
    expect(await status(FIRST)).toBe(200);
    // ...and refused once the changeover is over.
    advance(PREVIOUS_VALUE_ACCEPTED_MS + 1000);
    expect(await status(FIRST)).toBe(403);
    expect(await status(SECOND)).toBe(200);
  });
});
