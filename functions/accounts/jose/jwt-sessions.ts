import { errors, jwtVerify, SignJWT } from 'jose';
import { DomainError } from '#platform/domain/errors.ts';
import type { SessionClaims } from '#platform/domain/ports.ts';
import type { SessionTokens } from '../domain/ports.ts';

const ALGORITHM = 'HS256';
const AUDIENCE = 'aivatar-web';

interface JwtSettings {
  /** at least 32 bytes of key material */
  secret: string;
  issuer: string;
  ttlSeconds: number;
}

/**
 * The secret as an HMAC key, imported once per container: given the raw bytes, jose imports them again on
 * every call (a WebCrypto job of its own, most of a session check's own time).
 */
export function hmacKey(secret: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const key = crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // Reported to whoever awaits it; a container that never signs nor verifies leaves it unawaited.
  key.catch(() => undefined);
  return key;
}

/** Session tokens: HS256 only (no `none`, no key confusion), issuer, audience and expiry required. */
export class JwtSessionTokens implements SessionTokens {
  private readonly key: Promise<CryptoKey>;
  private readonly settings: JwtSettings;

  constructor(settings: JwtSettings) {
    if (Buffer.byteLength(settings.secret) < 32) throw new Error('JWT secret must be at least 32 bytes long');
    this.key = hmacKey(new TextEncoder().encode(settings.secret));
    this.settings = settings;
  }

  async issue(claims: SessionClaims): Promise<string> {
    const key = await this.key;
    return new SignJWT({ sv: claims.sessionVersion })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(this.settings.issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.settings.ttlSeconds}s`)
      .sign(key);
  }

  async verify(token: string): Promise<SessionClaims> {
    const key = await this.key;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: this.settings.issuer,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sv !== 'number')
        throw new Error('claims missing');
      return { userId: payload.sub, sessionVersion: payload.sv };
    } catch (e) {
      const expired = e instanceof errors.JWTExpired;
      throw new DomainError(
        'UNAUTHENTICATED',
        expired ? 'Your session has expired. Please log in again.' : 'Please log in to continue.',
      );
    }
  }
}
