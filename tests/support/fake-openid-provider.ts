// A small OpenID provider for the ID-token checks, at the protocol edge: discovery, JWKS, an authorization
// endpoint that approves at once, and a token endpoint that enforces single-use codes, PKCE (S256) and the
// client secret like a real one, then signs the ID token the test asked for (wrong audience, expired, other
// nonce, signed with a key it does not publish...). A real provider never issues those on purpose.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { freePort } from '../../infra/local/ports.ts';

export interface IdTokenTweaks {
  aud?: string;
  iss?: string;
  nonce?: string;
  /** seconds from now; negative: already expired */
  expiresIn?: number;
  /** signs with a key the JWKS does not have (same kid) */
  foreignKey?: true;
}

export interface FakePerson {
  sub: string;
  email: string;
  email_verified: boolean;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string;
  person: FakePerson;
  tweaks: IdTokenTweaks;
}

export interface FakeOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** who signs in on the next authorization, and how their ID token is bent */
  next(person: FakePerson, tweaks?: IdTokenTweaks): void;
  stop(): Promise<void>;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

export async function startFakeOpenIdProvider(o: { redirectUri: string }): Promise<FakeOpenIdProvider> {
  const port = await freePort();
  const issuer = `http://localhost:${port}`;
  const clientId = 'aivatar-test';
  const clientSecret = randomBytes(16).toString('base64url');
  const kid = 'test-key';
  const published = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256');
  const jwks = { keys: [{ ...(await exportJWK(published.publicKey)), kid, alg: 'RS256', use: 'sig' }] };
  const grants = new Map<string, Grant>();
  let upcoming: { person: FakePerson; tweaks: IdTokenTweaks } | null = null;

  async function idToken(g: Grant): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const exp = now + (g.tweaks.expiresIn ?? 3600);
    const claims: JWTPayload = { ...g.person, nonce: g.tweaks.nonce ?? g.nonce };
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(g.tweaks.iss ?? issuer)
      .setAudience(g.tweaks.aud ?? g.clientId)
      .setSubject(g.person.sub)
      .setIssuedAt(Math.min(now, exp - 60))
      .setExpirationTime(exp)
      .sign(g.tweaks.foreignKey ? foreign.privateKey : published.privateKey);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      });
    }
    if (url.pathname === '/jwks') return json(res, 200, jwks);
    if (url.pathname === '/authorize') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri') ?? '';
      if (q.get('client_id') !== clientId || redirectUri !== o.redirectUri) {
        return json(res, 400, {
          error: 'invalid_request',
          error_description: 'unknown client or redirect_uri',
        });
      }
      if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !upcoming) {
        return json(res, 400, { error: 'invalid_request' });
      }
      const code = randomBytes(16).toString('base64url');
      grants.set(code, {
        clientId,
        redirectUri,
        challenge: q.get('code_challenge') ?? '',
        nonce: q.get('nonce') ?? '',
        ...upcoming,
      });
      upcoming = null;
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = await formOf(req);
      const code = form.get('code') ?? '';
      const grant = grants.get(code);
      grants.delete(code);
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
        return json(res, 401, { error: 'invalid_client' });
      }
      if (
        form.get('grant_type') !== 'authorization_code' ||
        !grant ||
        form.get('redirect_uri') !== grant.redirectUri ||
        s256(form.get('code_verifier') ?? '') !== grant.challenge
      ) {
        return json(res, 400, { error: 'invalid_grant' });
      }
      return json(res, 200, {
        access_token: randomBytes(16).toString('base64url'),
        token_type: 'Bearer',
        expires_in: 3600,
        id_token: await idToken(grant),
      });
    }
    return json(res, 404, { error: 'not_found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => json(res, 500, { error: String(e) }));
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return {
    issuer,
    clientId,
    clientSecret,
    next: (person, tweaks = {}) => {
      upcoming = { person, tweaks };
    },
    stop: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
