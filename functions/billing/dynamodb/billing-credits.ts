// The three ways money changes a balance, each one DynamoDB transaction: the provider event's id, the
// business object (checkout session, invoice, payment) that may count once, the balance (conditioned on
// the value read) and its ledger entry. Concurrent or repeated deliveries fail a condition and change nothing.
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import {
  type Attempt,
  type TransactItem,
  transactWithRetry,
} from '#platform/dynamodb/balance-transaction.ts';
import { accountOwner, keys, OWNER_ATTRIBUTE, ownedBy, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import { ledgerPut } from '#platform/dynamodb/ledger-put.ts';
import type {
  BillingAccount,
  CreditOutcome,
  PackCredit,
  PeriodGrant,
  RefundClawback,
  SeatCredit,
} from '../domain/ports.ts';
import { claimedAttribute } from './email-claims.ts';
import { seatsPaidPut } from './seat-purchases.ts';
import { teamLedgerPut } from './team-ledger.ts';

type ReadAccount = (userId: string) => Promise<BillingAccount | null>;

/** Event ids are kept well past the provider's 3 days of retries. */
const EVENT_RETENTION_SECONDS = 30 * 24 * 3600;

function eventPut(table: string, eventId: string, now: number): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: {
        ...keys.providerEvent(eventId),
        applied_at: now,
        [TTL_ATTRIBUTE]: now + EVENT_RETENTION_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

function balanceUpdate(table: string, userId: string, field: string, from: number, to: number): TransactItem {
  return {
    Update: {
      TableName: table,
      Key: keys.user(userId),
      UpdateExpression: `SET ${field} = :to`,
      ConditionExpression: `${field} = :from`,
      ExpressionAttributeValues: { ':from': from, ':to': to },
    },
  };
}

/** `also`: items that change with the credit and cannot fail it (the webhook's end of a pending state). */
export function creditPack(
  db: DynamoDBDocumentClient,
  table: string,
  readAccount: ReadAccount,
  c: PackCredit,
  also: TransactItem[] = [],
): Promise<CreditOutcome> {
  return transactWithRetry<CreditOutcome>(db, async () => {
    const account = await readAccount(c.userId);
    if (!account) throw new Error(`Paid checkout ${c.sessionId} for a missing account ${c.userId}`);
    const after = account.tokensLtd + c.tokens;
    const items: TransactItem[] = [
      eventPut(table, c.eventId, c.now),
      {
        Update: {
          TableName: table,
          Key: keys.checkout(c.sessionId),
          // The credit claims the receipt for this delivery (email-claims.ts): it is sent next, without a
          // write of its own to claim it.
          UpdateExpression: 'SET credited_at = :now, credited_event = :evt, #receiptClaimed = :now',
          ConditionExpression:
            'attribute_exists(pk) AND attribute_not_exists(credited_at) AND user_id = :uid',
          ExpressionAttributeNames: { '#receiptClaimed': claimedAttribute('receipt') },
          ExpressionAttributeValues: { ':now': c.now, ':evt': c.eventId, ':uid': c.userId },
        },
      },
      balanceUpdate(table, c.userId, 'tokens_ltd', account.tokensLtd, after),
      ledgerPut(table, c.userId, {
        entryId: c.ledgerEntryId,
        reason: 'purchase',
        pool: 'ltd',
        amount: c.tokens,
        balanceAfter: after,
        at: c.now,
      }),
    ];
    if (c.paymentIntentId)
      // What a refund of this payment needs to take the pack's tokens back.
      items.push(
        paymentPut(table, c.paymentIntentId, c, {
          user_id: c.userId,
          ...ownedBy(c.userId),
          tokens: c.tokens,
          tokens_to_take_back: 0,
        }),
      );
    items.push(...also);
    return { items, done: 'credited', failedAt: { 0: 'duplicate', 1: 'duplicate', 4: 'duplicate' } };
  });
}

/**
 * A credited payment's record, once (a replay fails its condition): what a refund of it reads
 * (clawBackRefund), with `what` it bought and how much of that a refund takes back.
 */
function paymentPut(
  table: string,
  paymentIntentId: string,
  c: { sessionId: string; amountCents: number },
  what: Record<string, unknown>,
): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: {
        ...keys.payment(paymentIntentId),
        session_id: c.sessionId,
        amount_cents: c.amountCents,
        refunded_cents: 0,
        ...what,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * Team seats (docs/payments.md, "Team seats"): the event id, the checkout credited once (for its team and
 * buyer), the team's seats counter and its ledger entry, in one transaction. A replayed or concurrent
 * delivery fails a condition and changes nothing.
 */
export function creditTeamSeats(
  db: DynamoDBDocumentClient,
  table: string,
  c: SeatCredit,
): Promise<CreditOutcome> {
  return transactWithRetry<CreditOutcome>(db, async () => {
    const team = await db.send(
      new GetCommand({ TableName: table, Key: keys.team(c.teamId), ConsistentRead: true }),
    );
    if (!team.Item) throw new Error(`Paid seat checkout ${c.sessionId} for a missing team ${c.teamId}`);
    const before = Number(team.Item.seats_total ?? 0);
    const items: TransactItem[] = [
      eventPut(table, c.eventId, c.now),
      {
        Update: {
          TableName: table,
          Key: keys.checkout(c.sessionId),
          UpdateExpression: 'SET credited_at = :now, credited_event = :evt',
          ConditionExpression:
            'attribute_exists(pk) AND attribute_not_exists(credited_at) AND user_id = :uid AND team_id = :team',
          ExpressionAttributeValues: {
            ':now': c.now,
            ':evt': c.eventId,
            ':uid': c.userId,
            ':team': c.teamId,
          },
        },
      },
      {
        Update: {
          TableName: table,
          Key: keys.team(c.teamId),
          UpdateExpression: 'SET seats_total = :after',
          ConditionExpression: 'seats_total = :before',
          ExpressionAttributeValues: { ':before': before, ':after': before + c.seats },
        },
      },
      teamLedgerPut(table, c.teamId, {
        entryId: c.ledgerEntryId,
        seats: c.seats,
        sessionId: c.sessionId,
        at: c.now,
        seatsAfter: before + c.seats,
      }),
    ];
    if (c.paymentIntentId)
      // What a refund of this payment needs to take its seats back (clawBackRefund). The team's, not the
      // buyer's: it stays when the buyer's account is deleted, as the seats do.
      items.push(
        paymentPut(table, c.paymentIntentId, c, { team_id: c.teamId, seats: c.seats, seats_to_take_back: 0 }),
      );
    // The team page's purchase: paid now (a pending bank debit's record is replaced).
    items.push(seatsPaidPut(table, c));
    return { items, done: 'credited', failedAt: { 0: 'duplicate', 1: 'duplicate', 4: 'duplicate' } };
  });
}

export function grantPeriod(
  db: DynamoDBDocumentClient,
  table: string,
  readAccount: ReadAccount,
  g: PeriodGrant,
): Promise<CreditOutcome | 'stale'> {
  return transactWithRetry<CreditOutcome | 'stale'>(db, async () => {
    const account = await readAccount(g.userId);
    if (!account) throw new Error(`Paid invoice ${g.invoiceId} for a missing account ${g.userId}`);
    const rest = account.tokensSubscription;
    const items: TransactItem[] = [
      eventPut(table, g.eventId, g.now),
      {
        Put: {
          TableName: table,
          Item: {
            ...keys.invoice(g.invoiceId),
            user_id: g.userId,
            ...ownedBy(g.userId),
            subscription_id: g.subscriptionId,
            period_end: g.periodEnd,
            tokens: g.tokens,
            granted_at: g.now,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        // Not for a subscription that has ended, nor for a period older than one already granted.
        Update: {
          TableName: table,
          Key: keys.subscription(g.subscriptionId),
          UpdateExpression: 'SET user_id = :uid, #owner = :owner, granted_until = :end',
          ConditionExpression:
            '(attribute_not_exists(#status) OR #status <> :canceled) AND (attribute_not_exists(granted_until) OR granted_until < :end) AND (attribute_not_exists(user_id) OR user_id = :uid)',
          ExpressionAttributeNames: { '#status': 'status', '#owner': OWNER_ATTRIBUTE },
          ExpressionAttributeValues: {
            ':uid': g.userId,
            ':owner': accountOwner(g.userId),
            ':end': g.periodEnd,
            ':canceled': 'canceled',
          },
        },
      },
      balanceUpdate(table, g.userId, 'tokens_subscription', rest, g.tokens),
    ];
    if (rest > 0) {
      items.push(
        ledgerPut(table, g.userId, {
          entryId: g.expiryEntryId,
          reason: 'subscription_expiry',
          pool: 'subscription',
          amount: -rest,
          balanceAfter: 0,
          at: g.now,
          order: 0,
        }),
      );
    }
    items.push(
      ledgerPut(table, g.userId, {
        entryId: g.renewalEntryId,
        reason: 'subscription_renewal',
        pool: 'subscription',
        amount: g.tokens,
        balanceAfter: g.tokens,
        at: g.now,
        order: 1,
      }),
    );
    return { items, done: 'credited', failedAt: { 0: 'duplicate', 1: 'duplicate', 2: 'stale' } };
  });
}

const PaymentItem = z.object({
  user_id: z.string(),
  tokens: z.number(),
  amount_cents: z.number(),
  refunded_cents: z.number(),
  tokens_to_take_back: z.number(),
});

export function clawBackRefund(
  db: DynamoDBDocumentClient,
  table: string,
  readAccount: ReadAccount,
  r: RefundClawback,
): Promise<CreditOutcome | 'unknown-payment'> {
  return transactWithRetry<CreditOutcome | 'unknown-payment'>(db, async () => {
    const found = await db.send(
      new GetCommand({ TableName: table, Key: keys.payment(r.paymentIntentId), ConsistentRead: true }),
    );
    if (!found.Item) return 'unknown-payment';
    if (found.Item.team_id !== undefined) return seatRefund(db, table, r, SeatPaymentItem.parse(found.Item));
    const p = PaymentItem.parse(found.Item);
    // The refunded total only grows: an event that does not add to it was applied already.
    const refunded = Math.min(r.amountRefunded, p.amount_cents);
    if (refunded <= p.refunded_cents) return 'duplicate';
    const account = await readAccount(p.user_id);
    if (!account) return 'unknown-payment';
    // A partial refund takes back that share of the pack; a full one, all of it.
    const target = Math.floor((p.tokens * refunded) / p.amount_cents);
    const owed = target - p.tokens_to_take_back;
    // Tokens already spent cannot be taken back: the balance never goes below 0.
    const taken = Math.min(owed, account.tokensLtd);
    const after = account.tokensLtd - taken;
    return {
      items: [
        eventPut(table, r.eventId, r.now),
        {
          Update: {
            TableName: table,
            Key: keys.payment(r.paymentIntentId),
            UpdateExpression: 'SET refunded_cents = :refunded, tokens_to_take_back = :target',
            ConditionExpression: 'refunded_cents = :before',
            ExpressionAttributeValues: {
              ':refunded': refunded,
              ':target': target,
              ':before': p.refunded_cents,
            },
          },
        },
        balanceUpdate(table, p.user_id, 'tokens_ltd', account.tokensLtd, after),
        ledgerPut(table, p.user_id, {
          entryId: r.ledgerEntryId,
          reason: taken < owed ? 'refund_partly_spent' : 'refund',
          pool: 'ltd',
          amount: -taken,
          balanceAfter: after,
          at: r.now,
        }),
      ],
      done: 'credited',
      failedAt: { 0: 'duplicate' },
    };
  });
}

const SeatPaymentItem = z.object({
  session_id: z.string(),
  team_id: z.string(),
  seats: z.number(),
  amount_cents: z.number(),
  refunded_cents: z.number(),
  seats_to_take_back: z.number(),
});

/**
 * A seat purchase refunded (docs/payments.md, "Team seats"): its share of the seats (all of them for a full
 * refund) leaves the team's seats_total, but never below seats_used: members keep the seats they hold (none
 * is removed), and the team's ledger entry records how many refunded seats stayed in use (`seats_kept`) for
 * an operator to settle. Once per event, and per refunded amount (it only grows), in one transaction with
 * the team's counters as read (a join meanwhile: read again).
 */
async function seatRefund(
  db: DynamoDBDocumentClient,
  table: string,
  r: RefundClawback,
  p: z.infer<typeof SeatPaymentItem>,
): Promise<CreditOutcome | 'unknown-payment' | Attempt<CreditOutcome | 'unknown-payment'>> {
  const refunded = Math.min(r.amountRefunded, p.amount_cents);
  if (refunded <= p.refunded_cents) return 'duplicate';
  const target = Math.floor((p.seats * refunded) / p.amount_cents);
  const owed = target - p.seats_to_take_back;
  const team = await db.send(
    new GetCommand({ TableName: table, Key: keys.team(p.team_id), ConsistentRead: true }),
  );
  const paymentUpdate: TransactItem = {
    Update: {
      TableName: table,
      Key: keys.payment(r.paymentIntentId),
      UpdateExpression: 'SET refunded_cents = :refunded, seats_to_take_back = :target',
      ConditionExpression: 'refunded_cents = :before',
      ExpressionAttributeValues: { ':refunded': refunded, ':target': target, ':before': p.refunded_cents },
    },
  };
  // A dissolved team (its owner's account deleted) has no seats left to take, nor a ledger.
  if (!team.Item || team.Item.seats_total === undefined || team.Item.dissolved_at !== undefined)
    return {
      items: [eventPut(table, r.eventId, r.now), paymentUpdate],
      done: 'credited',
      failedAt: { 0: 'duplicate' },
    };
  const total = Number(team.Item.seats_total);
  const used = Number(team.Item.seats_used ?? 0);
  const taken = Math.max(0, Math.min(owed, total - used));
  const after = total - taken;
  return {
    items: [
      eventPut(table, r.eventId, r.now),
      paymentUpdate,
      {
        Update: {
          TableName: table,
          Key: keys.team(p.team_id),
          UpdateExpression: 'SET seats_total = :after',
          // A join meanwhile is fine while the seats left cover it; otherwise this is read again.
          ConditionExpression: 'seats_total = :total AND seats_used <= :after',
          ExpressionAttributeValues: { ':after': after, ':total': total },
        },
      },
      teamLedgerPut(table, p.team_id, {
        entryId: r.ledgerEntryId,
        seats: -taken,
        sessionId: p.session_id,
        at: r.now,
        seatsAfter: after,
        refund: { paymentIntentId: r.paymentIntentId, seatsKept: owed - taken },
      }),
    ],
    done: 'credited',
    failedAt: { 0: 'duplicate' },
  };
}
