// Drives the local Stripe stand-in the way a customer and Stripe would: checkout through our routes, pay on
// "Stripe", deliver events signed with stripe.webhooks.generateTestHeaderString. Reads balances back
// through our own routes.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { keys } from '#platform/dynamodb/keys.ts';
import { createStripeClient } from '#platform/stripe/stripe-client.ts';
import type { LedgerEntry } from '#shared/api-schemas.ts';
import { SUBSCRIPTION } from '#shared/catalogue.ts';
import { callRoute, type RouteResult, stack } from './api.ts';

type Json = Record<string, unknown>;
export interface RecordedEvent {
  event: Json & { id: string; type: string; data: { object: Json } };
  delivery: string;
}

export const stripeApi = (): Stripe =>
  createStripeClient({ secretKey: stack().stripe.secretKey, apiUrl: stack().stripe.url });

export async function control<T = Json>(path: string, body?: Json): Promise<T> {
  const res = await fetch(`${stack().stripe.url}/_local/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : null,
  });
  if (!res.ok) throw new Error(`stand-in ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const sessionIdOf = (checkoutUrl: string): string => {
  const id = /\/c\/pay\/(cs_test_\w+)/.exec(checkoutUrl)?.[1];
  if (!id) throw new Error(`not a local checkout URL: ${checkoutUrl}`);
  return id;
};

export async function startCheckout(token: string, planId: string, tokens: number): Promise<string> {
  const id = planId === SUBSCRIPTION.id ? 'checkoutSubscription' : 'checkoutOneTime';
  const res = await callRoute(id, { token, params: { priceId: planId }, body: { tokens } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return sessionIdOf(res.body.checkout_url);
}

/** Pays a checkout session on the stand-in; with `hold`, its events are recorded but not sent. */
export const pay = (sessionId: string, method = 'card_ok', hold = false) =>
  control<{ declined: string | null; session: Json }>(`checkout/${sessionId}/pay`, { method, hold });

export const eventsOf = (type?: string, objectId?: string) =>
  control<RecordedEvent[]>(
    `events?${new URLSearchParams({ ...(type ? { type } : {}), ...(objectId ? { customer: objectId } : {}) })}`,
  );

/** Posts one webhook delivery as Stripe would; `tamper` changes the signed bytes or header. */
export function deliver(
  payload: string,
  o: { header?: string; secret?: string; timestamp?: number } = {},
): Promise<RouteResult<'stripeWebhook'>> {
  const header =
    o.header ??
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: o.secret ?? stack().stripe.webhookSecret,
      ...(o.timestamp ? { timestamp: o.timestamp } : {}),
    });
  return callRoute('stripeWebhook', { rawBody: payload, headers: { 'stripe-signature': header } });
}

/** Stripe's own serialisation of an event (pretty-printed JSON), with optional changes. */
export const asPayload = (event: Json, changes: Json = {}): string =>
  JSON.stringify({ ...event, ...changes }, null, 2);

export const newEventId = (): string => `evt_test_${Math.random().toString(36).slice(2, 14)}`;

export async function balances(token: string) {
  const res = await callRoute('userInfo', { token });
  expect(res.status).toBe(200);
  return res.body;
}

export async function ledger(token: string): Promise<LedgerEntry[]> {
  const res = await callRoute('tokenLedger', { token });
  expect(res.status).toBe(200);
  return res.body.entries;
}

export async function hasSubscription(token: string): Promise<boolean> {
  const res = await callRoute('checkSubscription', { token });
  expect(res.status).toBe(200);
  return res.body.hasActiveSubscription;
}

/** What a person does between two webhooks (spends tokens): set a pool's balance in the table. */
export async function setPool(
  customerId: string,
  field: 'tokens_ltd' | 'tokens_subscription',
  value: number,
) {
  const db = createDocumentClient(stack().dynamoEndpoint);
  const ref = await db.send(new GetCommand({ TableName: stack().tableName, Key: keys.customer(customerId) }));
  await db.send(
    new UpdateCommand({
      TableName: stack().tableName,
      Key: keys.user(String(ref.Item?.user_id)),
      UpdateExpression: `SET ${field} = :v`,
      ExpressionAttributeValues: { ':v': value },
    }),
  );
}
