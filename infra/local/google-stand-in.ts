// The local stand-in for Google: a real OpenID provider (the `oidc-provider` package) on its own port, with
// a sign-in form where the tester says who signs in (any email, verified or not, any subject). The API
// talks to it exactly as to Google: discovery, code flow with PKCE, signed ID tokens from its own keys.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import { signInPage, standInErrorPage } from './google-stand-in-page.ts';

export const STAND_IN_CLIENT_ID = 'aivatar-local';

export interface GoogleStandIn {
  /** The issuer URL, also the base of its discovery document. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

interface Person {
  email: string;
  email_verified: boolean;
}

/** Without a subject typed in, the same email always signs in as the same person. */
export const subjectForEmail = (email: string): string =>
  `local-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 20)}`;

/** Google asks who signs in unless it remembers; the stand-in asks every time, so testers can switch. */
function alwaysAsk() {
  const policy = interactionPolicy.base();
  const { Check } = interactionPolicy;
  policy
    .get('login')
    ?.checks.add(
      new Check('stand_in_asks', 'the stand-in asks who signs in every time', 'login_required', (ctx) =>
        ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
      ),
    );
  return policy;
}

type Payload = Record<string, unknown> & { uid?: string; grantId?: string; userCode?: string };

const GRANTABLE =
  /^(AccessToken|AuthorizationCode|RefreshToken|DeviceCode|BackchannelAuthenticationRequest):/;

/** oidc-provider's storage, in memory: the stand-in keeps nothing across restarts, as a test double should. */
function memoryAdapter() {
  const items = new Map<string, { payload: Payload; expiresAt: number }>();
  const live = (key: string) => {
    const item = items.get(key);
    return item && item.expiresAt >= Date.now() ? item : undefined;
  };
  return class MemoryAdapter {
    private readonly model: string;
    constructor(model: string) {
      this.model = model;
    }
    private key = (id: string) => `${this.model}:${id}`;
    async upsert(id: string, payload: Payload, expiresIn: number) {
      items.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
    }
    async find(id: string) {
      return live(this.key(id))?.payload;
    }
    async findByUid(uid: string) {
      for (const key of items.keys())
        if (key.startsWith(`${this.model}:`) && live(key)?.payload.uid === uid) return live(key)?.payload;
      return undefined;
    }
    async findByUserCode(userCode: string) {
      for (const key of items.keys())
        if (key.startsWith(`${this.model}:`) && live(key)?.payload.userCode === userCode)
          return live(key)?.payload;
      return undefined;
    }
    async consume(id: string) {
      const item = items.get(this.key(id));
      if (item) item.payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      items.delete(this.key(id));
    }
    /** Revokes what a grant issued (codes and tokens); interactions and sessions are not the grant's. */
    async revokeByGrantId(grantId: string) {
      for (const [key, item] of items) {
        if (item.payload.grantId === grantId && GRANTABLE.test(key)) items.delete(key);
      }
    }
  };
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const html = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
};

/** `port` 0: any free port, reported in `issuer`. */
export async function startGoogleStandIn(o: { port: number; redirectUri: string }): Promise<GoogleStandIn> {
  // The issuer names the port, so the server listens first and serves once the provider exists.
  let serve: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server: Server = createServer((req, res) => {
    if (serve) serve(req, res);
    else res.writeHead(503).end();
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  const issuer = `http://localhost:${port}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const people = new Map<string, Person>();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'stand-in-1' };

  const configuration: Configuration = {
    clients: [
      {
        client_id: STAND_IN_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [o.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // Like Google: the email is in the ID token itself, not only at the userinfo endpoint.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    adapter: memoryAdapter(),
    // Lifetimes close to Google's: a sign-in page lasts an hour, tokens an hour.
    ttl: {
      Interaction: 3600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 3600,
      IdToken: 3600,
      AuthorizationCode: 60,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy: alwaysAsk() },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...person }) };
    },
    // The product is a first-party client here: no consent screen, as with Google's basic scopes.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session, result } = ctx.oidc;
      const grantId = result?.consent?.grantId ?? (client && session?.grantIdFor(client.clientId));
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = standInErrorPage({ ...out });
    },
  };
  const provider = new Provider(issuer, configuration);
  const oidcCallback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action?: string) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) return html(res, 400, standInErrorPage({ error: 'this sign-in has expired' }));
    if (req.method === 'GET' && !action) {
      return html(res, 200, signInPage({ uid, clientId: String(details.params.client_id ?? '') }));
    }
    if (req.method !== 'POST') return html(res, 405, standInErrorPage({ error: 'method not allowed' }));
    if (action === 'cancel') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The person cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
    }
    const form = await readForm(req);
    const email = (form.get('email') ?? '').trim();
    if (!email) {
      return html(res, 400, signInPage({ uid, clientId: '', problem: 'Type the email to sign in with.' }));
    }
    const subject = (form.get('subject') ?? '').trim() || subjectForEmail(email);
    people.set(subject, { email, email_verified: form.get('email_verified') === 'yes' });
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId: subject, remember: false } },
      { mergeWithLastSubmission: false },
    );
  }

  serve = (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const m = /^\/interaction\/([\w-]+)(?:\/(login|cancel))?$/.exec(url.pathname);
    if (!m) return oidcCallback(req, res);
    interaction(req, res, m[1] as string, m[2]).catch((e: unknown) => {
      if (!res.headersSent) html(res, 400, standInErrorPage({ error: String((e as Error).message ?? e) }));
    });
  };
  return {
    issuer,
    clientId: STAND_IN_CLIENT_ID,
    clientSecret,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
