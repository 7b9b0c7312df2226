// A second API for tests that need the auth function with other settings (another OpenID provider) or a
// clock they set: the same route handlers and adapters as functions/accounts/handler.ts, on the shared stack's
// table, behind the same local API Gateway, on its own port.
import { createServer } from 'node:http';
import { GROUP_CONFIG, readConfig } from '#platform/config.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { groupHandler } from '#platform/http/group-handler.ts';
import { apiRoutes } from '#shared/api-routes.ts';
import { buildAccountDeps, buildSessionResolver } from '../../functions/accounts/account-wiring.ts';
import { authRoutes } from '../../functions/accounts/routes.ts';
import { createGateway } from '../../infra/local/api-gateway.ts';
import { stack } from './api.ts';

export interface AuthGateway {
  apiUrl: string;
  /** the auth function's clock (Unix seconds); starts at the real time */
  clock: { t: number; now(): number };
  stop(): Promise<void>;
}

export const callbackUrlFor = (apiUrl: string): string =>
  new URL(apiRoutes.googleCallback.path, apiUrl).toString();

export async function startAuthGateway(o: {
  port: number;
  /** absent: a stage without "Sign in with Google" */
  google?: { issuer: string; clientId: string; clientSecret: string };
  /** as on a stage behind the API distribution: the Secrets Manager secret its header must carry */
  originSecretArn?: string;
}): Promise<AuthGateway> {
  const s = stack();
  const apiUrl = `http://localhost:${o.port}`;
  const config = readConfig(GROUP_CONFIG.auth, {
    STAGE: 'local',
    TABLE_NAME: s.tableName,
    DYNAMODB_ENDPOINT: s.dynamoEndpoint,
    JWT_SECRET: s.jwtSecret,
    WEB_URL: s.webUrl,
    MAIL_FROM: 'Aivatar <no-reply@aivatar.local>',
    MAIL_TRANSPORT: 'outbox',
    OUTBOX_DIR: s.outboxDir,
    API_URL: apiUrl,
    ...(o.originSecretArn ? { ORIGIN_VERIFY_SECRET_ARN: o.originSecretArn } : {}),
    ...(o.google
      ? {
          GOOGLE_OIDC_ISSUER: o.google.issuer,
          GOOGLE_CLIENT_ID: o.google.clientId,
          GOOGLE_CLIENT_SECRET: o.google.clientSecret,
        }
      : {}),
  });
  const db = createDocumentClient(config.dynamodbEndpoint);
  const clock = { t: Math.floor(Date.now() / 1000), now: () => clock.t };
  const deps = { ...(await buildAccountDeps(config, db)), clock };
  const handler = groupHandler(
    'auth',
    apiRoutes,
    authRoutes(deps, { link: config.linkCookie, google: config.googleSignIn?.cookie ?? null }),
    await buildSessionResolver(config, db),
    { originSecret: config.originSecret, webOrigin: config.webOrigin, clock: () => clock.t * 1000 },
  );
  const gateway = createGateway({
    loadHandler: async () => handler,
    trustForwardedFor: true,
  });
  const server = createServer((req, res) => {
    gateway(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((r) => server.listen(o.port, '127.0.0.1', () => r()));
  return {
    apiUrl,
    clock,
    stop: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
