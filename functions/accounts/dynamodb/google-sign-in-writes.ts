// The transactions of "Sign in with Google": linking an account to a provider subject, or creating an
// active account for one. The signup bonus goes through activation-writes.ts like every activation.

import type { User } from '#platform/domain/ports.ts';
import { keys, ownedBy, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import type { Activation, NewGoogleAccount, VerifiedIdentity } from '../domain/ports.ts';
import { activationWrites, signupBonusWrites, type TransactItem, type Writes } from './activation-writes.ts';

/** An account item as every account starts: no tokens, no password, session version 1. */
export function newAccountItem(a: { id: string; email: string; lang: string; createdAt: number }) {
  return {
    ...keys.user(a.id),
    id: a.id,
    email: a.email,
    status: 'PENDING' as 'PENDING' | 'ACTIVE',
    role: 'user',
    lang: a.lang,
    tokens_ltd: 0,
    tokens_subscription: 0,
    stripe_customer_id: null,
    password_hash: null,
    session_version: 1,
    created_at: a.createdAt,
  };
}

const linkAttribute = (identity: VerifiedIdentity, email: string, now: number) => ({
  issuer: identity.issuer,
  subject: identity.subject,
  email,
  linked_at: now,
});

/** The subject belongs to this account for good; a second claim (another account, a race) fails. */
const subjectClaim = (
  table: string,
  identity: VerifiedIdentity,
  userId: string,
  now: number,
): TransactItem => ({
  Put: {
    TableName: table,
    Item: {
      ...keys.googleSubject(identity.issuer, identity.subject),
      user_id: userId,
      ...ownedBy(userId),
      created_at: now,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

export function googleLinkWrites(
  table: string,
  owner: User,
  identity: VerifiedIdentity,
  now: number,
  activation: Activation | null,
): Writes {
  const claim = subjectClaim(table, identity, owner.id, now);
  const link = {
    set: 'google_sign_in = :link',
    condition: 'attribute_not_exists(google_sign_in)',
    values: { ':link': linkAttribute(identity, identity.email ?? owner.email, now) },
  };
  if (activation) {
    const activating = activationWrites(table, owner, now, activation, link);
    return {
      items: [claim, ...activating.items],
      bonusAt: activating.bonusAt < 0 ? -1 : 1 + activating.bonusAt,
    };
  }
  const update: TransactItem = {
    Update: {
      TableName: table,
      Key: keys.user(owner.id),
      UpdateExpression: `SET ${link.set}`,
      ConditionExpression: `#status = :active AND ${link.condition}`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':active': 'ACTIVE', ...link.values },
    },
  };
  return { items: [claim, update], bonusAt: -1 };
}

export function googleAccountWrites(
  table: string,
  account: NewGoogleAccount,
  identity: VerifiedIdentity,
  activation: Activation,
): Writes {
  const now = account.createdAt;
  const items: TransactItem[] = [
    {
      // As at signup: the address is free, or held by a pending account past its expiry.
      Put: {
        TableName: table,
        Item: { ...keys.email(account.email), user_id: account.id, ...ownedBy(account.id) },
        ConditionExpression: 'attribute_not_exists(pk) OR #ttl < :now',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':now': now },
      },
    },
    {
      Put: {
        TableName: table,
        Item: {
          ...newAccountItem(account),
          status: 'ACTIVE',
          tokens_ltd: activation.bonusTokens,
          google_sign_in: linkAttribute(identity, account.email, now),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    subjectClaim(table, identity, account.id, now),
  ];
  const bonus = signupBonusWrites(table, account.id, 0, now, activation);
  return {
    items: [...items, ...bonus.items],
    bonusAt: bonus.bonusAt < 0 ? -1 : items.length + bonus.bonusAt,
  };
}
