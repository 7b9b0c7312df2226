// Download link tokens (functions/platform/domain/download-links.ts): HS256 JWTs with an audience of their own, so a
// session is never accepted as a link and a link never as a session (jwt-sessions.ts requires 'aivatar-web').
// The key is derived from the session secret for this one use.
import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import {
  LINK_ROUTES,
  type LinkClaims,
  type LinkRoute,
  type LinkTokens,
} from '#platform/domain/download-links.ts';
import { DomainError } from '#platform/domain/errors.ts';
import { hmacKey } from './jwt-sessions.ts';

const ALGORITHM = 'HS256';
const AUDIENCE = 'aivatar-download-link';

const isLinkRoute = (v: unknown): v is LinkRoute => LINK_ROUTES.includes(v as LinkRoute);

export class JwtLinkTokens implements LinkTokens {
  /** imported once per container (jwt-sessions.ts) */
  private readonly key: Promise<CryptoKey>;
  private readonly issuer: string;

  constructor(settings: { secret: string; issuer: string }) {
    if (Buffer.byteLength(settings.secret) < 32) throw new Error('JWT secret must be at least 32 bytes long');
    this.key = hmacKey(
      new Uint8Array(createHmac('sha256', settings.secret).update('aivatar download links').digest()),
    );
    this.issuer = settings.issuer;
  }

  async issue(claims: LinkClaims, ttlSeconds: number): Promise<{ token: string; expiresAt: number }> {
    const expiresAt = Math.floor(Date.now() / 1000) + ttlSeconds;
    const token = await new SignJWT({ sv: claims.sessionVersion, pur: claims.route, obj: claims.object })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(this.issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(await this.key);
    return { token, expiresAt };
  }

  async verify(token: string): Promise<LinkClaims> {
    const key = await this.key;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: this.issuer,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      const { sub, sv, pur, obj } = payload;
      if (typeof sub !== 'string' || typeof sv !== 'number' || !isLinkRoute(pur) || typeof obj !== 'string')
        throw new Error('claims missing');
      return { userId: sub, sessionVersion: sv, route: pur, object: obj };
    } catch (e) {
      throw new DomainError(
        'UNAUTHENTICATED',
        e instanceof errors.JWTExpired
          ? 'This download link has expired. Please download again from the app.'
          : 'This download link is not valid. Please download again from the app.',
      );
    }
  }
}
