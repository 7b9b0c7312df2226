// What the API accepts from the identity provider: only an ID token for us (audience), from it (issuer),
// still valid (expiry), for this attempt (nonce), signed with a key it publishes. The provider here is
// tests/support/fake-openid-provider.ts, which can issue the bad tokens a real one never would.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { GOOGLE_ATTEMPT_TTL_SECONDS } from '../../functions/accounts/domain/google-sign-in.ts';
import { DynamoAccountStore } from '../../functions/accounts/dynamodb/account-store.ts';
import { OpenIdClientProvider } from '../../functions/accounts/openid/openid-client-provider.ts';
import { freePort } from '../../infra/local/ports.ts';
import { newEmail, stack } from '../support/api.ts';
import { type AuthGateway, callbackUrlFor, startAuthGateway } from '../support/auth-gateway.ts';
import {
  type FakeOpenIdProvider,
  type IdTokenTweaks,
  startFakeOpenIdProvider,
} from '../support/fake-openid-provider.ts';
import { askForGoogle, CookieJar, openCallback, sessionFrom } from '../support/google-sign-in.ts';

let provider: FakeOpenIdProvider;
let api: AuthGateway;

beforeAll(async () => {
  const port = await freePort();
  provider = await startFakeOpenIdProvider({ redirectUri: callbackUrlFor(`http://localhost:${port}`) });
  api = await startAuthGateway({ port, google: provider });
});
afterAll(async () => {
  await api?.stop();
  await provider?.stop();
});

const person = () => ({ sub: `fake-${randomUUID()}`, email: newEmail('idtoken'), email_verified: true });
const store = () => new DynamoAccountStore(createDocumentClient(stack().dynamoEndpoint), stack().tableName);

/** The button flow through our API, with the provider approving at once; returns where the browser lands. */
async function signIn(who: ReturnType<typeof person>, tweaks: IdTokenTweaks = {}) {
  const jar = new CookieJar();
  const { authUrl } = await askForGoogle(jar, { apiUrl: api.apiUrl });
  provider.next(who, tweaks);
  const res = await fetch(authUrl, { redirect: 'manual' });
  const callback = new URL(res.headers.get('location') as string);
  return { jar, callback, landing: () => openCallback(jar, callback, { apiUrl: api.apiUrl }) };
}

const BAD_TOKENS: [string, IdTokenTweaks, RegExp][] = [
  ['for another client (wrong audience)', { aud: 'someone-else' }, /"aud"/],
  ['expired', { expiresIn: -300 }, /"exp"/],
  ['for another attempt (nonce mismatch)', { nonce: 'not-the-nonce-we-sent' }, /"nonce"/],
  ['from another issuer', { iss: 'https://accounts.example.com' }, /"iss"/],
  ['signed with a key the provider does not publish', { foreignKey: true }, /signature/i],
];

describe('an ID token', () => {
  it('that passes every check signs in (the control for the cases below)', async () => {
    const who = person();
    const landing = await (await signIn(who)).landing();
    expect(landing.pathname).toBe('/login_with_token');
    expect(await sessionFrom(landing, { apiUrl: api.apiUrl })).toBeTruthy();
    expect((await store().findByEmail(who.email))?.googleSignIn?.email).toBe(who.email);
  });

  it.each(BAD_TOKENS)('%s ends on /login with the failure, and no account is made', async (_, tweaks) => {
    const who = person();
    const landing = await (await signIn(who, tweaks)).landing();
    expect(landing.origin).toBe(stack().webUrl);
    expect(`${landing.pathname}${landing.search}`).toBe('/login?google=failed');
    expect(await store().findByEmail(who.email)).toBeNull();
    expect(await store().findByGoogleSubject(provider.issuer, who.sub)).toBeNull();
  });

  it.each(BAD_TOKENS)('%s is refused by the check that names it', async (_, tweaks, named) => {
    // The adapter on its own, to see which check refused (the route only logs it).
    const redirectUri = callbackUrlFor(api.apiUrl);
    const client = new OpenIdClientProvider({
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: async () => provider.clientSecret,
      redirectUri,
      timeoutSeconds: 4,
    });
    const request = await client.authorizationRequest();
    provider.next(person(), tweaks);
    const res = await fetch(request.url, { redirect: 'manual' });
    const query = new URL(res.headers.get('location') as string).search.slice(1);
    const check = await client.verifyCallback(query, request);
    expect(check).toMatchObject({ ok: false, reason: 'rejected' });
    expect(check.ok ? '' : check.detail).toMatch(named);
  });
});

describe('an attempt', () => {
  it(`expires ${GOOGLE_ATTEMPT_TTL_SECONDS / 60} minutes after the button was pressed`, async () => {
    const start = api.clock.t;
    try {
      const late = await signIn(person());
      api.clock.t = start + GOOGLE_ATTEMPT_TTL_SECONDS;
      expect((await late.landing()).search).toBe('?google=expired');
      api.clock.t = start;
      const inTime = await signIn(person());
      api.clock.t = start + GOOGLE_ATTEMPT_TTL_SECONDS - 1;
      expect((await inTime.landing()).pathname).toBe('/login_with_token');
    } finally {
      api.clock.t = start;
    }
  });
});
