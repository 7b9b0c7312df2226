// A payment's emails, each sent once whatever the provider's deliveries: claimed by a conditional update of
// the payment's record (CHECKOUT# for a pack, INVOICE# for a month), marked sent after, or given back.
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { writtenUnlessConditionFails } from '#platform/dynamodb/conditions.ts';
import { keys } from '#platform/dynamodb/keys.ts';
import type { PaymentEmail, PaymentRecord } from '../domain/ports.ts';

/** A claimed email not marked sent after this long was lost with its sender: it may be claimed again. */
const CLAIM_SECONDS = 60;

const keyOf = (of: PaymentRecord) =>
  'checkout' in of ? keys.checkout(of.checkout) : keys.invoice(of.invoice);

/** When the email is due: a pack's receipt once credited, its refusal while not; a month's once granted. */
function dueWhen(of: PaymentRecord, email: PaymentEmail): string {
  if ('invoice' in of) return 'attribute_exists(granted_at)';
  return email === 'receipt' ? 'attribute_exists(credited_at)' : 'attribute_not_exists(credited_at)';
}

const names = (email: PaymentEmail) => ({
  '#sent': `${email}_email_sent_at`,
  '#claimed': claimedAttribute(email),
});

/** The attribute of a payment's record that holds an email's claim (set in the credit's transaction too). */
export const claimedAttribute = (email: PaymentEmail): string => `${email}_email_claimed_at`;

export function claimEmail(
  db: DynamoDBDocumentClient,
  table: string,
  of: PaymentRecord,
  email: PaymentEmail,
  now: number,
): Promise<boolean> {
  return writtenUnlessConditionFails(
    db.send(
      new UpdateCommand({
        TableName: table,
        Key: keyOf(of),
        UpdateExpression: 'SET #claimed = :now',
        ConditionExpression: `attribute_exists(pk) AND ${dueWhen(of, email)} AND attribute_not_exists(#sent) AND (attribute_not_exists(#claimed) OR #claimed < :stale)`,
        ExpressionAttributeNames: names(email),
        ExpressionAttributeValues: { ':now': now, ':stale': now - CLAIM_SECONDS },
      }),
    ),
  );
}

export async function emailSent(
  db: DynamoDBDocumentClient,
  table: string,
  of: PaymentRecord,
  email: PaymentEmail,
  now: number,
): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: table,
      Key: keyOf(of),
      UpdateExpression: 'SET #sent = :now REMOVE #claimed',
      ExpressionAttributeNames: names(email),
      ExpressionAttributeValues: { ':now': now },
    }),
  );
}

/** Best effort: it runs while another error is on its way to the provider (which will deliver again). */
export async function releaseEmail(
  db: DynamoDBDocumentClient,
  table: string,
  of: PaymentRecord,
  email: PaymentEmail,
): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: table,
        Key: keyOf(of),
        UpdateExpression: 'REMOVE #claimed',
        ConditionExpression: 'attribute_not_exists(#sent)',
        ExpressionAttributeNames: names(email),
      }),
    )
    .catch(() => undefined);
}
