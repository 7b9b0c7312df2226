// "Sign in with Google" over any OpenID provider, with openid-client: discovery, code flow with PKCE (S256),
// state and nonce, and an ID token checked for issuer, audience, expiry, nonce and signature.
// Loaded on the two Google routes only (lazy-identity-provider.ts), not on every cold start.
import * as oidc from 'openid-client';
import type { AuthorizationRequest, IdentityCheck, IdentityProvider } from '../domain/ports.ts';
import type { OpenIdSettings } from './settings.ts';

const SCOPE = 'openid email';

type Failure = Extract<IdentityCheck, { ok: false }>;

/** What went wrong, in a line the log can carry (the cause says which check failed). */
function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = e.cause instanceof Error ? `: ${e.cause.message}` : '';
  const code = 'code' in e && typeof e.code === 'string' ? ` (${e.code})` : '';
  return `${e.message}${cause}${code}`;
}

function failureOf(e: unknown): Failure {
  if (e instanceof oidc.AuthorizationResponseError) {
    const detail = `the provider answered ${e.error}${e.error_description ? `: ${e.error_description}` : ''}`;
    return { ok: false, reason: e.error === 'access_denied' ? 'cancelled' : 'rejected', detail };
  }
  // fetch's network failures and time-outs
  if (e instanceof TypeError || (e instanceof DOMException && /Timeout|Abort/.test(e.name))) {
    return { ok: false, reason: 'unavailable', detail: describe(e) };
  }
  return { ok: false, reason: 'rejected', detail: describe(e) };
}

export class OpenIdClientProvider implements IdentityProvider {
  private readonly settings: OpenIdSettings;
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(settings: OpenIdSettings) {
    this.settings = settings;
  }

  /** Discovery once per process; a failed one is tried again on the next request. */
  private config(): Promise<oidc.Configuration> {
    this.configuration ??= (async () => {
      const { issuer, clientId, redirectUri, timeoutSeconds } = this.settings;
      const insecure = new URL(issuer).protocol === 'http:';
      return oidc.discovery(
        new URL(issuer),
        clientId,
        { client_secret: await this.settings.clientSecret(), redirect_uris: [redirectUri] },
        undefined,
        {
          timeout: timeoutSeconds,
          // The signature of the ID token is checked against the provider's published keys (jwks_uri),
          // even though it comes straight from the token endpoint.
          execute: [oidc.enableNonRepudiationChecks, ...(insecure ? [oidc.allowInsecureRequests] : [])],
        },
      );
    })();
    this.configuration.catch(() => {
      this.configuration = undefined;
    });
    return this.configuration;
  }

  async authorizationRequest(): Promise<AuthorizationRequest> {
    const config = await this.config();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: SCOPE,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  async verifyCallback(
    callbackQuery: string,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<IdentityCheck> {
    try {
      const config = await this.config();
      // The URL the provider sent the browser to, built from our own setting, never a Host header.
      const current = new URL(this.settings.redirectUri);
      current.search = callbackQuery;
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) return { ok: false, reason: 'rejected', detail: 'no ID token in the token response' };
      let { email, email_verified: verified } = claims as { email?: unknown; email_verified?: unknown };
      // Google puts the email in the ID token; other providers may keep it for the userinfo endpoint.
      if (email === undefined && config.serverMetadata().userinfo_endpoint) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        ({ email, email_verified: verified } = info);
      }
      return {
        ok: true,
        identity: {
          issuer: claims.iss,
          subject: claims.sub,
          email: typeof email === 'string' ? email : null,
          // Some providers send the string "true".
          emailVerified: verified === true || verified === 'true',
        },
      };
    } catch (e) {
      return failureOf(e);
    }
  }
}
