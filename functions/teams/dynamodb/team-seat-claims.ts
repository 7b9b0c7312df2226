// One seat per team per mailbox (docs/product.md, "Teams"): `p+1@acme.test` and `p+2@acme.test` reach one
// mailbox, so they are one person to the team's seats. A join writes the mailbox's claim (keys.ts
// teamSeatClaim: the mailbox by shared/email-address.ts mailboxOf, the sign-up bonus's rule) in its own
// transaction, under `attribute_not_exists`: a second address of the same mailbox is refused by the database,
// however many join at once. Leaving, a removal and the account's deletion release it in theirs, so the same
// person may join again; a dissolved team's partition goes with its claims.

import type { TransactItem } from '#platform/dynamodb/balance-transaction.ts';
import { keys } from '#platform/dynamodb/keys.ts';
import { mailboxOf } from '#shared/email-address.ts';

/** The join's share: the claim of `email`'s mailbox by the joining member (fails when another holds it). */
export function seatClaimPut(table: string, teamId: string, email: string, memberId: string): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: { ...keys.teamSeatClaim(teamId, mailboxOf(email)), team_id: teamId, member_id: memberId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

// A departure's releases live apart (team-seat-releases.ts): the privacy jobs' function releases claims and is
// granted no PutItem.
export { chosenMarkRelease, seatClaimRelease, seatRelease } from './team-seat-releases.ts';
