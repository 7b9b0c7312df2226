// The REST calls the product makes, in Stripe's shapes: customers, checkout sessions, billing portal
// sessions, subscriptions, prices and products (from the catalogue), invoices, refunds and events.
import { invalidParam, missingParam, noSuch, StripeApiError } from './errors.ts';
import type { Flows } from './flows.ts';
import { list as formList, metadataOf, obj, type Params, str } from './form.ts';
import { customerJson, list } from './objects.ts';
import { LOCAL_PRICES, productJson } from './prices.ts';
import { type Json, newId, realNow, type StandInState } from './state.ts';

interface ApiContext {
  state: StandInState;
  flows: Flows;
  /** the stand-in's own address, for the hosted pages' URLs */
  baseUrl: string;
}

interface ApiCall {
  method: string;
  path: string;
  params: Params;
}

type Handler = (ctx: ApiContext, call: ApiCall, id: string) => Promise<Json> | Json;

/** Fields the stand-in keeps on an object for itself; never sent. */
const INTERNAL = ['price_id', 'quantity', 'subscription_metadata'];
export const publicView = (o: Json): Json =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !INTERNAL.includes(k)));

function get<T extends Json>(map: Record<string, T>, what: string, id: string): T {
  const found = map[id];
  if (!found) throw noSuch(what, id);
  return found;
}

/**
 * `expand[]=field`, as Stripe answers it: each named field's id replaced by the object it names (one level,
 * the fields this object's type can expand), and a field it cannot expand refused.
 */
function expanded(o: Json, params: Params, expandable: Record<string, (id: string) => Json>): Json {
  const fields = formList(params.expand).map((f) => str(f) ?? '');
  if (!fields.length) return o;
  const out: Json = { ...o };
  for (const field of fields) {
    const load = expandable[field];
    if (!load) throw invalidParam('expand', `This property cannot be expanded (${field}).`);
    const id = out[field];
    if (typeof id === 'string') out[field] = publicView(load(id));
  }
  return out;
}

function createCustomer(ctx: ApiContext, { params }: ApiCall): Json {
  const c = customerJson({
    email: str(params.email) ?? null,
    name: str(params.name) ?? null,
    locales: formList(params.preferred_locales).map((l) => str(l) ?? ''),
    metadata: metadataOf(params.metadata),
    now: realNow(),
  });
  ctx.state.data.customers[c.id as string] = c;
  ctx.state.changed();
  return c;
}

/**
 * DELETE /v1/customers/:id: as Stripe does, cancels the customer's subscriptions at once (each sends its
 * customer.subscription.deleted) and answers the deleted stub, which a later GET returns too.
 */
async function deleteCustomer(ctx: ApiContext, _call: ApiCall, id: string): Promise<Json> {
  const customer = get(ctx.state.data.customers, 'customer', id);
  if (customer.deleted) throw noSuch('customer', id);
  for (const sub of Object.values(ctx.state.data.subscriptions)) {
    if (sub.customer === id && sub.status !== 'canceled') await ctx.flows.cancelNow(String(sub.id));
  }
  const stub: Json = { id, object: 'customer', deleted: true };
  ctx.state.data.customers[id] = stub;
  ctx.state.changed();
  return stub;
}

function createCheckoutSession(ctx: ApiContext, { params }: ApiCall): Json {
  const mode = str(params.mode);
  if (!mode) throw missingParam('mode');
  if (mode !== 'payment' && mode !== 'subscription')
    throw invalidParam(
      'mode',
      `Invalid mode: must be one of payment, setup, or subscription (this stand-in supports payment and subscription)`,
    );
  const successUrl = str(params.success_url);
  if (!successUrl) throw missingParam('success_url');
  const items = formList(params.line_items);
  if (items.length !== 1)
    throw items.length
      ? invalidParam('line_items', 'This stand-in takes exactly one line item.')
      : missingParam('line_items');
  const line = obj(items[0]);
  const priceId = str(line.price);
  if (!priceId) throw missingParam('line_items[0][price]');
  const price = LOCAL_PRICES.get(priceId);
  if (!price) throw noSuch('price', priceId, 'line_items[0][price]');
  const recurring = price.plan.kind === 'subscription';
  // A one-time price sells by quantity (team seats: 1 to 500); a subscription is one of its plan.
  const quantity = Number(str(line.quantity) ?? '1');
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 999_999 || (recurring && quantity !== 1))
    throw invalidParam(
      'line_items[0][quantity]',
      recurring
        ? 'This stand-in sells a subscription in a quantity of 1.'
        : 'Invalid quantity: must be a positive integer.',
    );
  const invoiceCreation = obj(params.invoice_creation);
  if (str(invoiceCreation.enabled) === 'true' && mode !== 'payment')
    throw invalidParam(
      'invoice_creation',
      'You can only enable invoice creation when `mode` is set to `payment`. Invoices are created automatically in `subscription` mode.',
    );
  if (mode === 'payment' && recurring)
    throw invalidParam(
      'line_items[0][price]',
      'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
    );
  if (mode === 'subscription' && !recurring)
    throw invalidParam(
      'line_items[0][price]',
      'You must provide at least one recurring price in `subscription` mode when using prices.',
    );
  let customer = str(params.customer);
  if (customer) get(ctx.state.data.customers, 'customer', customer);
  else
    customer = createCustomer(ctx, {
      method: 'POST',
      path: '',
      params: { email: str(params.customer_email) ?? '' },
    }).id as string;
  const now = ctx.state.now(customer);
  const expiresAt = str(params.expires_at) ? Number(params.expires_at) : now + 24 * 3600;
  if (expiresAt < realNow() + 30 * 60 - 5 || expiresAt > realNow() + 24 * 3600 + 5)
    throw invalidParam(
      'expires_at',
      'The `expires_at` timestamp must be at least 30 minutes and at most 24 hours after Checkout Session creation.',
    );
  const id = `cs_test_${newId('', 58).slice(1)}`;
  const session: Json = {
    id,
    object: 'checkout.session',
    amount_subtotal: price.plan.priceCents * quantity,
    amount_total: price.plan.priceCents * quantity,
    billing_address_collection: null,
    cancel_url: str(params.cancel_url) ?? null,
    client_reference_id: str(params.client_reference_id) ?? null,
    created: now,
    currency: 'eur',
    customer,
    customer_creation: null,
    customer_details: {
      email: ctx.state.data.customers[customer]?.email ?? null,
      name: null,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
    customer_email: null,
    expires_at: expiresAt,
    invoice: null,
    invoice_creation:
      mode === 'payment'
        ? {
            enabled: str(invoiceCreation.enabled) === 'true',
            invoice_data: {
              account_tax_ids: null,
              custom_fields: null,
              description: null,
              footer: null,
              issuer: null,
              metadata: metadataOf(obj(invoiceCreation.invoice_data).metadata),
              rendering_options: null,
            },
          }
        : null,
    livemode: false,
    locale: str(params.locale) ?? null,
    metadata: metadataOf(params.metadata),
    mode,
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: `${ctx.baseUrl}/c/pay/${id}`,
    price_id: priceId,
    quantity,
    subscription_metadata: metadataOf(obj(params.subscription_data).metadata),
  };
  ctx.state.data.sessions[id] = session;
  ctx.state.changed();
  return session;
}

/** GET /v1/checkout/sessions/:id/line_items: what the customer pays for, named as the product is. */
function sessionLineItems(ctx: ApiContext, _call: ApiCall, id: string): Json {
  const session = get(ctx.state.data.sessions, 'checkout.session', id);
  const price = LOCAL_PRICES.get(String(session.price_id));
  if (!price) throw noSuch('price', String(session.price_id));
  const quantity = Number(session.quantity ?? 1);
  const amount = price.plan.priceCents * quantity;
  const item: Json = {
    id: `li_${String(id).slice(8, 32)}`,
    object: 'item',
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: 'eur',
    // Stripe describes a line by its product's name.
    description: productJson(String(price.json.product))?.name ?? null,
    price: price.json,
    quantity,
  };
  return list([item], `/v1/checkout/sessions/${id}/line_items`);
}

function createPortalSession(ctx: ApiContext, { params }: ApiCall): Json {
  const customer = str(params.customer);
  if (!customer) throw missingParam('customer');
  get(ctx.state.data.customers, 'customer', customer);
  const id = newId('bps', 24);
  const session: Json = {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_local_default',
    created: realNow(),
    customer,
    flow: null,
    livemode: false,
    locale: str(params.locale) ?? null,
    on_behalf_of: null,
    return_url: str(params.return_url) ?? null,
    url: `${ctx.baseUrl}/p/session/${id}`,
  };
  ctx.state.data.portalSessions[id] = session;
  ctx.state.changed();
  return session;
}

function listOf(
  _ctx: ApiContext,
  map: Record<string, Json>,
  url: string,
  params: Params,
  filters: string[],
): Json {
  const limit = Math.min(100, Number(str(params.limit) ?? 10));
  const data = Object.values(map)
    .filter((o) => filters.every((f) => !str(params[f]) || o[f] === str(params[f])))
    .filter((o) => !str(params.status) || str(params.status) === 'all' || o.status === str(params.status))
    .sort((a, b) => (b.created as number) - (a.created as number));
  return { ...list(data.slice(0, limit).map(publicView), url), has_more: data.length > limit };
}

async function updateSubscription(ctx: ApiContext, { params }: ApiCall, id: string): Promise<Json> {
  const sub = ctx.flows.subscriptionOf(id);
  const cape = str(params.cancel_at_period_end);
  if (cape !== undefined) await ctx.flows.setCancelAtPeriodEnd(id, cape === 'true');
  if (params.metadata) Object.assign(sub.metadata as Json, metadataOf(params.metadata));
  ctx.state.changed();
  return sub;
}

async function createRefund(ctx: ApiContext, { params }: ApiCall): Promise<Json> {
  let pi = str(params.payment_intent);
  const charge = str(params.charge);
  if (!pi && charge) pi = String(get(ctx.state.data.charges, 'charge', charge).payment_intent);
  if (!pi) throw missingParam('payment_intent');
  const amount = str(params.amount);
  return ctx.flows.refund(pi, amount ? Number(amount) : undefined);
}

/** `METHOD /path/with/:id` → handler; `:id` matches one segment. */
const ROUTES: [string, Handler][] = [
  ['POST /v1/customers', createCustomer],
  ['GET /v1/customers/:id', (c, _, id) => get(c.state.data.customers, 'customer', id)],
  ['DELETE /v1/customers/:id', deleteCustomer],
  ['POST /v1/checkout/sessions', createCheckoutSession],
  [
    'GET /v1/checkout/sessions',
    (c, call) =>
      listOf(c, c.state.data.sessions, '/v1/checkout/sessions', call.params, [
        'customer',
        'payment_intent',
        'subscription',
      ]),
  ],
  ['GET /v1/checkout/sessions/:id', (c, _, id) => get(c.state.data.sessions, 'checkout.session', id)],
  ['GET /v1/checkout/sessions/:id/line_items', sessionLineItems],
  ['POST /v1/billing_portal/sessions', createPortalSession],
  [
    'GET /v1/subscriptions',
    (c, call) =>
      listOf(c, c.state.data.subscriptions, '/v1/subscriptions', call.params, ['customer', 'price']),
  ],
  ['GET /v1/subscriptions/:id', (c, _, id) => c.flows.subscriptionOf(id)],
  ['POST /v1/subscriptions/:id', updateSubscription],
  ['DELETE /v1/subscriptions/:id', (c, _, id) => c.flows.cancelNow(id)],
  [
    'GET /v1/prices',
    (_c, call) => ({
      ...list(
        [...LOCAL_PRICES.values()]
          .map((p) => p.json)
          .filter((p) => {
            const keys = formList(call.params.lookup_keys);
            return !keys.length || keys.includes(String(p.lookup_key));
          }),
        '/v1/prices',
      ),
    }),
  ],
  [
    'GET /v1/prices/:id',
    (_, __, id) => {
      const p = LOCAL_PRICES.get(id);
      if (!p) throw noSuch('price', id);
      return p.json;
    },
  ],
  [
    'GET /v1/products/:id',
    (_, __, id) => {
      const p = productJson(id);
      if (!p) throw noSuch('product', id);
      return p;
    },
  ],
  [
    'GET /v1/invoices',
    (c, call) => listOf(c, c.state.data.invoices, '/v1/invoices', call.params, ['customer', 'subscription']),
  ],
  ['GET /v1/invoices/:id', (c, _, id) => get(c.state.data.invoices, 'invoice', id)],
  [
    'GET /v1/payment_intents/:id',
    (c, call, id) =>
      expanded(get(c.state.data.paymentIntents, 'payment_intent', id), call.params, {
        latest_charge: (chargeId) => get(c.state.data.charges, 'charge', chargeId),
      }),
  ],
  ['GET /v1/charges/:id', (c, _, id) => get(c.state.data.charges, 'charge', id)],
  ['POST /v1/refunds', createRefund],
  [
    'GET /v1/events',
    (c) =>
      list(
        c.state.data.events
          .slice(-100)
          .reverse()
          .map((e) => e.event),
        '/v1/events',
      ),
  ],
  [
    'GET /v1/events/:id',
    (c, _, id) => {
      const e = c.state.data.events.find((x) => x.event.id === id);
      if (!e) throw noSuch('event', id);
      return e.event;
    },
  ],
];

export async function callApi(ctx: ApiContext, call: ApiCall): Promise<Json> {
  const got = call.path.split('/');
  for (const [key, handler] of ROUTES) {
    const [method, path] = key.split(' ') as [string, string];
    if (method !== call.method) continue;
    const want = path.split('/');
    if (want.length !== got.length) continue;
    const at = want.indexOf(':id');
    const id = at >= 0 ? decodeURIComponent(got[at] ?? '') : '';
    if (want.every((w, i) => (w === ':id' ? id.length > 0 : w === got[i]))) {
      return publicView(await handler(ctx, call, id));
    }
  }
  throw new StripeApiError(
    404,
    'invalid_request_error',
    `Unrecognized request URL (${call.method}: ${call.path}). This local stand-in serves only the calls Aivatar makes.`,
  );
}
