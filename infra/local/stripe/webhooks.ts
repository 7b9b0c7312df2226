// Events and their delivery, as Stripe does it: each event is POSTed as JSON to the endpoint with
// `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint secret>`, and
// delivered again (with backoff) until the endpoint answers 2xx.
import { createHmac } from 'node:crypto';
import { type DeliveredEvent, type Json, newId, type StandInState } from './state.ts';

export function signatureHeader(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

interface WebhookEndpoint {
  url: string;
  secret: string;
}

const RETRY_DELAYS_MS = [500, 1500, 4000];

export class EventBus {
  private readonly state: StandInState;
  private readonly apiVersion: string;
  private endpoint: WebhookEndpoint | null;
  /** deliveries go out one at a time, in the order the events were made */
  private queue: Promise<void> = Promise.resolve();

  constructor(state: StandInState, apiVersion: string, endpoint: WebhookEndpoint | null) {
    this.state = state;
    this.apiVersion = apiVersion;
    this.endpoint = endpoint;
  }

  setEndpoint(endpoint: WebhookEndpoint): void {
    this.endpoint = endpoint;
  }

  get secret(): string | null {
    return this.endpoint?.secret ?? null;
  }

  /**
   * Makes the events of one flow and sends them in order. Resolves once they were delivered (or gave up),
   * so a page can redirect after its webhooks ran, as they mostly do with Stripe.
   */
  emit(
    items: { type: string; object: Json; previous?: Json }[],
    o: { now: number; hold?: boolean; request?: string | null; idempotencyKey?: string | null },
  ): Promise<Json[]> {
    const events = items.map((item) => this.record(item, o));
    const run = this.queue.then(async () => {
      for (const e of events) if (e.delivery === 'pending') await this.deliver(e);
    });
    this.queue = run.catch(() => undefined);
    return run.then(() => events.map((e) => e.event));
  }

  private record(
    item: { type: string; object: Json; previous?: Json },
    o: { now: number; hold?: boolean; request?: string | null; idempotencyKey?: string | null },
  ): DeliveredEvent {
    const event: Json = {
      id: newId('evt', 24),
      object: 'event',
      api_version: this.apiVersion,
      created: o.now,
      // a snapshot: later changes to the object do not change what this event said
      data: {
        object: structuredClone(item.object),
        ...(item.previous ? { previous_attributes: item.previous } : {}),
      },
      livemode: false,
      pending_webhooks: this.endpoint ? 1 : 0,
      request: { id: o.request ?? null, idempotency_key: o.idempotencyKey ?? null },
      type: item.type,
    };
    const delivered: DeliveredEvent = {
      event,
      delivery: o.hold || !this.endpoint ? 'held' : 'pending',
      attempts: 0,
      lastStatus: null,
    };
    this.state.recordEvent(delivered);
    return delivered;
  }

  /** Sends one event (again); used by the queue and by "resend" in tests. */
  async deliver(e: DeliveredEvent): Promise<void> {
    const endpoint = this.endpoint;
    if (!endpoint) return;
    const payload = JSON.stringify(e.event, null, 2);
    for (let attempt = 0; ; attempt++) {
      e.attempts++;
      try {
        const res = await fetch(endpoint.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signatureHeader(payload, endpoint.secret),
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        e.lastStatus = res.status;
        if (res.ok) {
          e.delivery = 'delivered';
          break;
        }
      } catch {
        e.lastStatus = 0;
      }
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        e.delivery = 'failed';
        console.error(
          `[local stripe] ${e.event.type as string} ${e.event.id as string} not delivered (last status ${e.lastStatus})`,
        );
        break;
      }
      await new Promise((r) => setTimeout(r, delay));
    }
    this.state.changed();
  }
}
