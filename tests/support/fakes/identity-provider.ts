// The OpenID provider behind "Sign in with Google", in memory (IdentityProvider in functions/accounts/domain/ports.ts;
// functions/accounts/openid talks to Google, or to its local stand-in). A test says which identity a code
// stands for; like the provider, a code works once, with the state and nonce it was issued for.
import type {
  AuthorizationRequest,
  IdentityCheck,
  IdentityProvider,
  VerifiedIdentity,
} from '../../../functions/accounts/domain/ports.ts';

export const FAKE_ISSUER = 'https://accounts.google.example.test';

export class FakeIdentityProvider implements IdentityProvider {
  private requests = 0;
  private readonly codes = new Map<string, { identity: VerifiedIdentity; nonce: string }>();
  /** the provider cannot be reached: authorizationRequest throws, verifyCallback answers 'unavailable' */
  down = false;
  /** the nonce of every request made, by state */
  private readonly issued = new Map<string, string>();

  async authorizationRequest(): Promise<AuthorizationRequest> {
    if (this.down) throw new Error('provider unreachable (FakeIdentityProvider.down)');
    this.requests += 1;
    const state = `state_${String(this.requests).padStart(24, '0')}`;
    const nonce = `nonce-${this.requests}`;
    this.issued.set(state, nonce);
    return {
      url: `${FAKE_ISSUER}/authorize?state=${state}&nonce=${nonce}&code_challenge_method=S256`,
      state,
      nonce,
      codeVerifier: `verifier-${this.requests}`,
    };
  }

  /**
   * The person signs in at the provider as `identity` for the request of this state: the callback's query
   * (`code` and `state`) the browser comes back with.
   */
  signIn(state: string, identity: Partial<VerifiedIdentity> & { subject: string }): string {
    const code = `code-${this.codes.size + 1}`;
    this.codes.set(code, {
      identity: { issuer: FAKE_ISSUER, email: null, emailVerified: true, ...identity },
      nonce: this.issued.get(state) ?? 'unknown',
    });
    return `code=${code}&state=${state}`;
  }

  async verifyCallback(
    callbackQuery: string,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<IdentityCheck> {
    const q = new URLSearchParams(callbackQuery);
    if (q.get('error') === 'access_denied')
      return { ok: false, reason: 'cancelled', detail: 'access_denied' };
    if (this.down) return { ok: false, reason: 'unavailable', detail: 'provider unreachable' };
    const code = q.get('code') ?? '';
    const issued = this.codes.get(code);
    this.codes.delete(code);
    if (!issued) return { ok: false, reason: 'rejected', detail: 'invalid_grant' };
    if (q.get('state') !== expected.state) return { ok: false, reason: 'rejected', detail: 'state mismatch' };
    if (issued.nonce !== expected.nonce) return { ok: false, reason: 'rejected', detail: 'nonce mismatch' };
    return { ok: true, identity: issued.identity };
  }
}
