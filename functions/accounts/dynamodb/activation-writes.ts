// The writes that make an account active with its signup bonus, shared by every way of activating one
// (a redeemed activation link, a Google sign-in), so the one-bonus-per-mailbox rule lives in one place.
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { User } from '#platform/domain/ports.ts';
import { keys, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import type { Activation } from '../domain/ports.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface Writes {
  items: TransactItem[];
  /** Position of the BONUS# claim in `items`, -1 without one: its condition failing means "already claimed". */
  bonusAt: number;
}

/** The bonus's ledger entry and, when there is a bonus, the mailbox's BONUS# claim (put only if absent). */
export function signupBonusWrites(
  table: string,
  userId: string,
  balanceBefore: number,
  now: number,
  activation: Activation,
): Writes {
  const bonus = activation.bonusTokens;
  const items: TransactItem[] = [
    {
      Put: {
        TableName: table,
        Item: {
          ...keys.ledger(userId, now, activation.ledgerEntryId),
          entry_id: activation.ledgerEntryId,
          reason: bonus > 0 ? 'signup_bonus' : 'signup_bonus_already_claimed',
          pool: 'ltd',
          amount: bonus,
          balance_after: balanceBefore + bonus,
          created_at: now,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (bonus <= 0) return { items, bonusAt: -1 };
  items.push({
    Put: {
      TableName: table,
      // No user_id: the claim names neither the person nor the address, so deleting the account leaves it.
      Item: { ...keys.bonus(activation.mailbox), created_at: now },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
  return { items, bonusAt: 1 };
}

/** More to set on the account in the same update, with its condition (e.g. the Google link). */
interface AlsoSet {
  set: string;
  condition: string;
  values: Record<string, unknown>;
}

/**
 * Activates a pending account: status and bonus (conditioned on it being still pending, unexpired, with the
 * balance read), the email claim kept for good, then the bonus writes.
 */
export function activationWrites(
  table: string,
  owner: User,
  now: number,
  activation: Activation,
  also?: AlsoSet,
): Writes {
  const uid = owner.id;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: table,
        Key: keys.user(uid),
        UpdateExpression: `SET #status = :active, tokens_ltd = tokens_ltd + :bonus${also ? `, ${also.set}` : ''} REMOVE #ttl`,
        ConditionExpression: `#status = :pending AND tokens_ltd = :ltd AND (attribute_not_exists(#ttl) OR #ttl > :now)${also ? ` AND ${also.condition}` : ''}`,
        ExpressionAttributeNames: { '#status': 'status', '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':active': 'ACTIVE',
          ':pending': 'PENDING',
          ':bonus': activation.bonusTokens,
          ':ltd': owner.tokensLtd,
          ':now': now,
          ...also?.values,
        },
      },
    },
    {
      // The email now belongs to an active account for good.
      Update: {
        TableName: table,
        Key: keys.email(owner.email),
        UpdateExpression: 'REMOVE #ttl',
        ConditionExpression: 'user_id = :uid',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':uid': uid },
      },
    },
  ];
  const bonus = signupBonusWrites(table, uid, owner.tokensLtd, now, activation);
  return {
    items: [...items, ...bonus.items],
    bonusAt: bonus.bonusAt < 0 ? -1 : items.length + bonus.bonusAt,
  };
}
