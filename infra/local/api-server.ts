// The local API host: the mail outbox's routes and the local API Gateway in front of the same Lambda
// handlers AWS runs. It listens first and is configured once the web app's address is known (the web app
// needs the API's address, the functions the web app's origin); until then it answers 503.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LambdaGroup } from '#shared/api-routes.ts';
import { handlerEntry } from '../function-entries.ts';
import { createGateway, type LambdaHandler } from './api-gateway.ts';
import { outboxRoutes } from './outbox-routes.ts';

export interface ApiServerConfig {
  outboxDir: string;
  trustForwardedFor: boolean;
  /** Benches only: the gateway's no-op route (api-gateway.ts). */
  benchNoopRoute?: boolean;
}

export interface ApiServer {
  port: number;
  /** Serves the API from now on; the handlers read their settings from process.env when first loaded. */
  configure(config: ApiServerConfig): void;
  stop(): Promise<void>;
}

export async function startApiServer(port: number): Promise<ApiServer> {
  let route: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;
  const server: Server = createServer((req, res) => {
    (route ? route(req, res) : Promise.resolve(void res.writeHead(503).end())).catch((e) => {
      console.error('[local api]', e);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const handlers = new Map<LambdaGroup, Promise<LambdaHandler>>();
  const loadHandler = (group: LambdaGroup) => {
    let h = handlers.get(group);
    if (!h) {
      h = import(handlerEntry(group)).then((m: { handler: LambdaHandler }) => m.handler);
      handlers.set(group, h);
    }
    return h;
  };
  return {
    port: (server.address() as AddressInfo).port,
    configure(config) {
      const outbox = outboxRoutes(config.outboxDir);
      const gateway = createGateway({
        loadHandler,
        trustForwardedFor: config.trustForwardedFor,
        benchNoopRoute: config.benchNoopRoute ?? false,
      });
      route = async (req, res) => {
        if (!(await outbox(req, res))) await gateway(req, res);
      };
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
