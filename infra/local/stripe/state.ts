// The stand-in's objects, kept in Stripe's own JSON shapes (API version pinned by the installed SDK), in
// memory and, for `npm start`, in a file of the data folder so a restart keeps customers and subscriptions.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { writeFileDurablySync } from '../durable-file.ts';

export type Json = Record<string, unknown>;

export interface DeliveredEvent {
  event: Json;
  /** 'held': recorded without sending (tests deliver it themselves, later) */
  delivery: 'pending' | 'delivered' | 'failed' | 'held';
  attempts: number;
  lastStatus: number | null;
}

export interface StandInData {
  customers: Record<string, Json>;
  sessions: Record<string, Json>;
  portalSessions: Record<string, Json>;
  subscriptions: Record<string, Json>;
  invoices: Record<string, Json>;
  paymentIntents: Record<string, Json>;
  charges: Record<string, Json>;
  refunds: Record<string, Json>;
  /** cards saved to a customer (a subscription's) */
  paymentMethods: Record<string, Json>;
  events: DeliveredEvent[];
  /** test clock per customer: seconds ahead of the real clock */
  clockOffsets: Record<string, number>;
}

const MAX_EVENTS = 1000;

export const newId = (prefix: string, length = 24): string =>
  `${prefix}_${randomBytes(length).toString('base64url').replace(/[-_]/g, '').slice(0, length)}`;

export const realNow = (): number => Math.floor(Date.now() / 1000);

export class StandInState {
  readonly data: StandInData;
  private readonly file: string | undefined;
  private saving: NodeJS.Timeout | null = null;

  constructor(file?: string) {
    this.file = file;
    const kept = file ? readKept(file) : null;
    // A file kept before payment methods were recorded has none.
    if (kept) kept.paymentMethods ??= {};
    this.data = kept || {
      customers: {},
      sessions: {},
      portalSessions: {},
      subscriptions: {},
      invoices: {},
      paymentIntents: {},
      charges: {},
      refunds: {},
      paymentMethods: {},
      events: [],
      clockOffsets: {},
    };
  }

  /** The customer's test clock: real time plus every "advance one month". */
  now(customerId?: string | null): number {
    return realNow() + (customerId ? (this.data.clockOffsets[customerId] ?? 0) : 0);
  }

  recordEvent(e: DeliveredEvent): void {
    this.data.events.push(e);
    if (this.data.events.length > MAX_EVENTS)
      this.data.events.splice(0, this.data.events.length - MAX_EVENTS);
    this.changed();
  }

  changed(): void {
    if (!this.file || this.saving) return;
    this.saving = setTimeout(() => {
      this.saving = null;
      this.flush();
    }, 200);
  }

  flush(): void {
    if (this.saving) clearTimeout(this.saving);
    this.saving = null;
    if (this.file) writeFileDurablySync(this.file, JSON.stringify(this.data));
  }
}

/** The kept objects, or null. The file is replaced whole (durable-file.ts); one that cannot be read is kept aside. */
function readKept(file: string): StandInData | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as StandInData;
  } catch (e) {
    const aside = `${file}.unreadable-${Date.now()}`;
    renameSync(file, aside);
    console.error(`[local stripe] ${file} could not be read (${(e as Error).message}); moved to ${aside}`);
    return null;
  }
}
