// A Stripe-compatible server for local runs and tests: the real `stripe` SDK talks to it through host,
// port and protocol. It serves the API calls the product makes (api.ts), the hosted checkout and billing
// portal pages (pages.ts), and sends signed webhook events for each flow (flows.ts, webhooks.ts).
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { callApi, publicView } from './api.ts';
import { invoicePage, receiptPage } from './documents.ts';
import { StripeApiError } from './errors.ts';
import { Flows, PAYMENT_METHODS, type PaymentMethod } from './flows.ts';
import { decodeForm, type Params, str } from './form.ts';
import { textFor } from './page-text.ts';
import { checkoutPage, portalPage } from './pages.ts';
import { type Json, newId, StandInState } from './state.ts';
import { EventBus } from './webhooks.ts';

interface LocalStripeOptions {
  port: number;
  /** where events go; none: they are recorded, not sent */
  webhookUrl?: string;
  /** `whsec_…`; a new one when absent */
  webhookSecret?: string;
  /** the API key the functions must present; a new `sk_test_…` when absent */
  secretKey?: string;
  /** keeps objects across restarts (npm start) */
  dataFile?: string;
}

interface LocalStripe {
  /** the API's address (what STRIPE_API_URL names) */
  url: string;
  /** the same server under the name browsers are given for its pages */
  pageUrl: string;
  secretKey: string;
  webhookSecret: string;
  apiVersion: string;
  state: StandInState;
  flows: Flows;
  bus: EventBus;
  setWebhookUrl(url: string): void;
  stop(): Promise<void>;
}

/** The API version the installed SDK pins: the shapes the stand-in sends. */
const STRIPE_API_VERSION: string = Stripe.API_VERSION;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'stripe-version': STRIPE_API_VERSION,
    ...headers,
  });
  res.end(`${JSON.stringify(body, null, 2)}\n`);
}

const sendHtml = (res: ServerResponse, status: number, html: string) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
};

const redirect = (res: ServerResponse, to: string) => {
  res.writeHead(303, { location: to });
  res.end();
};

export async function startLocalStripe(o: LocalStripeOptions): Promise<LocalStripe> {
  const secretKey = o.secretKey ?? `sk_test_local_${randomBytes(18).toString('base64url')}`;
  const webhookSecret = o.webhookSecret ?? `whsec_${randomBytes(24).toString('base64url')}`;
  const state = new StandInState(o.dataFile);
  const bus = new EventBus(
    state,
    STRIPE_API_VERSION,
    o.webhookUrl ? { url: o.webhookUrl, secret: webhookSecret } : null,
  );
  /** the address browsers are given for the hosted pages, known once the server listens */
  let pageUrl = '';
  const flows = new Flows(state, bus, () => pageUrl);
  const ctx = {
    state,
    flows,
    get baseUrl() {
      return pageUrl;
    },
  };
  let url = '';
  /** Idempotency-Key → the first answer, for 24 hours, as Stripe keeps them. */
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown; at: number }>();

  async function api(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
  ): Promise<void> {
    const requestId = newId('req', 14);
    const method = (req.method ?? 'GET').toUpperCase();
    const auth = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (auth !== secretKey) {
      const shown = auth
        ? `${auth.slice(0, 8)}${'*'.repeat(Math.max(0, auth.length - 12))}${auth.slice(-4)}`
        : '';
      throw new StripeApiError(
        401,
        'invalid_request_error',
        auth ? `Invalid API Key provided: ${shown}` : 'You did not provide an API key.',
      );
    }
    const text = method === 'POST' ? await readBody(req) : query.toString();
    const params: Params = decodeForm(text);
    const key = req.headers['idempotency-key'];
    const idemKey = typeof key === 'string' && method === 'POST' ? key : null;
    const fingerprint = createHash('sha256').update(`${method} ${path}\n${text}`).digest('hex');
    if (idemKey) {
      const seen = idempotent.get(idemKey);
      if (seen && Date.now() - seen.at < 24 * 3600_000) {
        if (seen.fingerprint !== fingerprint) {
          throw new StripeApiError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
          );
        }
        return sendJson(res, seen.status, seen.body, {
          'request-id': requestId,
          'idempotent-replayed': 'true',
          'idempotency-key': idemKey,
        });
      }
    }
    let status = 200;
    let body: unknown;
    try {
      body = await callApi(ctx, { method, path, params });
    } catch (e) {
      if (!(e instanceof StripeApiError)) throw e;
      status = e.status;
      body = e.body();
    }
    // Stripe replays errors too, except for 5xx (not ours to fake).
    if (idemKey) idempotent.set(idemKey, { fingerprint, status, body, at: Date.now() });
    sendJson(res, status, body, {
      'request-id': requestId,
      ...(idemKey ? { 'idempotency-key': idemKey } : {}),
    });
  }

  async function checkout(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const session = state.data.sessions[id];
    if (!session) return sendHtml(res, 404, 'No such checkout session.');
    if (req.method !== 'POST') return sendHtml(res, 200, checkoutPage(session, null));
    const form = new URLSearchParams(await readBody(req));
    const method = (form.get('method') ?? 'card_ok') as PaymentMethod;
    if (!PAYMENT_METHODS.includes(method))
      return sendHtml(res, 400, checkoutPage(session, 'Unknown payment method.'));
    if (session.status !== 'open') return sendHtml(res, 200, checkoutPage(session, null));
    const declined = await flows.pay(id, method);
    if (declined) return sendHtml(res, 200, checkoutPage(session, textFor(session.locale).t.declined));
    redirect(res, String(session.success_url).replace('{CHECKOUT_SESSION_ID}', id));
  }

  async function portal(
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    action: string | undefined,
  ): Promise<void> {
    const session = state.data.portalSessions[id];
    if (!session) return sendHtml(res, 404, 'No such billing portal session.');
    const customer = String(session.customer);
    if (req.method === 'POST' && action) {
      const form = new URLSearchParams(await readBody(req));
      const live = Object.values(state.data.subscriptions).find(
        (s) => s.customer === customer && s.status !== 'canceled',
      );
      if (action === 'cancel' && live) await flows.setCancelAtPeriodEnd(live.id as string, true);
      if (action === 'resume' && live) await flows.setCancelAtPeriodEnd(live.id as string, false);
      if (action === 'advance') await flows.advanceMonth(customer, { failRenewal: form.get('fail') === '1' });
      if (action === 'refund') {
        const pi = form.get('payment_intent') ?? '';
        // Only this customer's own payments, even on a local page.
        if (state.data.paymentIntents[pi]?.customer === customer) await flows.refund(pi, undefined);
      }
      return redirect(res, `/p/session/${id}`);
    }
    sendHtml(res, 200, portalPage(session, state.data, state.now(customer)));
  }

  /** Test controls: what a test needs that Stripe does with its dashboard or its clock. */
  async function control(
    req: IncomingMessage,
    res: ServerResponse,
    parts: string[],
    query: URLSearchParams,
  ): Promise<void> {
    const body = req.method === 'POST' ? ((JSON.parse((await readBody(req)) || '{}') as Json) ?? {}) : {};
    const hold = body.hold === true;
    const [what, id, verb] = parts;
    if (what === 'events' && !id) {
      const type = query.get('type');
      const customer = query.get('customer');
      const events = state.data.events.filter(
        (e) =>
          (!type || e.event.type === type) &&
          (!customer || JSON.stringify(e.event.data).includes(`"${customer}"`)),
      );
      return sendJson(res, 200, events);
    }
    if (what === 'events' && id && verb === 'deliver') {
      const e = state.data.events.find((x) => x.event.id === id);
      if (!e) return sendJson(res, 404, { error: 'no such event' });
      await bus.deliver(e);
      return sendJson(res, 200, e);
    }
    if (what === 'checkout' && id && verb === 'pay') {
      const declined = await flows.pay(id, (str(body.method as string) as PaymentMethod) ?? 'card_ok', hold);
      return sendJson(res, 200, { declined, session: publicView(state.data.sessions[id] as Json) });
    }
    if (what === 'customers' && id && verb === 'advance') {
      await flows.advanceMonth(id, { hold, failRenewal: body.fail === true });
      return sendJson(res, 200, { now: state.now(id) });
    }
    if (what === 'webhook' && req.method === 'POST' && typeof body.url === 'string') {
      bus.setEndpoint({ url: body.url, secret: webhookSecret });
      return sendJson(res, 200, { url: body.url });
    }
    sendJson(res, 404, { error: 'unknown control' });
  }

  const server: Server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://stand-in');
    const parts = u.pathname.split('/').filter(Boolean);
    const run = async () => {
      if (parts[0] === 'v1') return api(req, res, u.pathname, u.searchParams);
      if (parts[0] === 'c' && parts[1] === 'pay' && parts[2]) return checkout(req, res, parts[2]);
      if (parts[0] === 'p' && parts[1] === 'session' && parts[2]) return portal(req, res, parts[2], parts[3]);
      // What Stripe hosts for the customer: a charge's receipt_url, an invoice's hosted_invoice_url.
      if (parts[0] === 'receipts' && parts[1] === 'payment' && parts[2]) {
        const html = receiptPage(parts[2], state.data);
        return sendHtml(res, html ? 200 : 404, html ?? 'No such receipt.');
      }
      if (parts[0] === 'i' && parts[1]) {
        const html = invoicePage(parts[1], state.data);
        return sendHtml(res, html ? 200 : 404, html ?? 'No such invoice.');
      }
      if (parts[0] === '_local') return control(req, res, parts.slice(1), u.searchParams);
      sendHtml(res, 404, 'Local Stripe stand-in: nothing here. The API is under /v1.');
    };
    run().catch((e: unknown) => {
      if (e instanceof StripeApiError) return sendJson(res, e.status, e.body());
      console.error('[local stripe]', e);
      if (!res.headersSent)
        sendJson(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    });
  });
  // Port 0: the OS picks one, and the server reports it.
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  url = `http://127.0.0.1:${port}`;
  pageUrl = `http://localhost:${port}`;

  return {
    url,
    pageUrl,
    secretKey,
    webhookSecret,
    apiVersion: STRIPE_API_VERSION,
    state,
    flows,
    bus,
    setWebhookUrl: (webhookUrl) => bus.setEndpoint({ url: webhookUrl, secret: webhookSecret }),
    stop: () =>
      new Promise<void>((resolve) => {
        state.flush();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
