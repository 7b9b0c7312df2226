import { errors, jwtVerify, SignJWT } from 'jose';
import { DomainError } from '../domain/errors.ts';
import type { SessionClaims, SessionTokens } from '../domain/ports.ts';

const ALGORITHM = 'HS256';
const AUDIENCE = 'aivatar-web';

interface JwtSettings {
  /** at least 32 bytes of key material */
  secret: string;
  issuer: string;
  ttlSeconds: number;
}

/** Session tokens: HS256 only (no `none`, no key confusion), issuer, audience and expiry required. */
export class JwtSessionTokens implements SessionTokens {
  private readonly key: Uint8Array;
  private readonly settings: JwtSettings;

  constructor(settings: JwtSettings) {
    if (Buffer.byteLength(settings.secret) < 32) throw new Error('JWT secret must be at least 32 bytes long');
    this.key = new TextEncoder().encode(settings.secret);
    this.settings = settings;
  }

  issue(claims: SessionClaims): Promise<string> {
    return new SignJWT({ sv: claims.sessionVersion })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(this.settings.issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.settings.ttlSeconds}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<SessionClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
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
