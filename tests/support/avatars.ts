// Avatars from a test's point of view: an account with photos and tokens, the styles, the table's view of
// a balance and its ledger, and waiting for tasks to finish.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createS3Client } from '#platform/s3/client.ts';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { callRoute, newEmail, stack } from './api.ts';
import { samePersonAgain, selfie } from './face-fixtures.ts';
import { createLocalAccount } from './local-account.ts';
import { consentedUser, uploadDirect } from './photos.ts';
import { testPhoto } from './test-images.ts';

let client: DynamoDBDocumentClient | undefined;
export function testDb(): DynamoDBDocumentClient {
  client ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack().dynamoEndpoint,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return client;
}

export const testS3 = () => createS3Client(stack().s3Endpoint);

/** The account id in a session token (its `sub` claim). */
export const userIdOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8')).sub as string;

/** Sets the account's two pools, as a payment or a renewal would have. */
export async function setBalance(token: string, b: { ltd: number; subscription?: number }): Promise<void> {
  await testDb().send(
    new UpdateCommand({
      TableName: stack().tableName,
      Key: { pk: `USER#${userIdOf(token)}`, sk: 'PROFILE' },
      UpdateExpression: 'SET tokens_ltd = :l, tokens_subscription = :s',
      ExpressionAttributeValues: { ':l': b.ltd, ':s': b.subscription ?? 0 },
    }),
  );
}

export async function balanceOf(token: string): Promise<{ ltd: number; subscription: number }> {
  const res = await callRoute('userInfo', { token });
  return { ltd: res.body.tokens_ltd, subscription: res.body.tokens_subscription };
}

export interface LedgerRow {
  reason: string;
  pool: string;
  amount: number;
  balance_after: number;
}

export async function ledgerOf(token: string): Promise<LedgerRow[]> {
  const res = await testDb().send(
    new QueryCommand({
      TableName: stack().tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :l)',
      ExpressionAttributeValues: { ':pk': `USER#${userIdOf(token)}`, ':l': 'LEDGER#' },
      ConsistentRead: true,
    }),
  );
  return (res.Items ?? []) as LedgerRow[];
}

/** Sum of the ledger's amounts for these reasons. */
export const ledgerSum = (rows: LedgerRow[], ...reasons: string[]): number =>
  rows.filter((r) => reasons.includes(r.reason)).reduce((a, r) => a + r.amount, 0);

/** A consented account with two reference photos of one real person (fixture `person`) and the given balance. */
export async function creator(
  balance: { ltd: number; subscription?: number } = { ltd: 20 },
  lang: 'en' | 'fr' = 'en',
  person = 0,
) {
  const user = lang === 'en' ? await consentedUser() : await consentedFrenchUser();
  const { confirmed } = await uploadDirect(user.token, [
    { name: 'me-1.jpg', bytes: await selfie(person) },
    { name: 'me-2.jpg', bytes: await samePersonAgain(person) },
  ]);
  if (confirmed[0]?.body.files.length !== 2) throw new Error('photos not uploaded');
  await setBalance(user.token, balance);
  return { ...user, userId: userIdOf(user.token) };
}

export async function activeStyles() {
  const res = await callRoute('listStyles', { token: (await consentedUser()).token });
  return res.body.styles;
}

/** The cheapest active styles, `n` of them. */
export async function stylesCosting(n: number, cost = 1) {
  const styles = (await activeStyles()).filter((s) => s.token_cost === cost);
  if (styles.length < n) throw new Error(`only ${styles.length} styles cost ${cost}`);
  return styles.slice(0, n);
}

export const createBody = (styles: { id: number; prompt: string }[]) => ({
  styles: styles.map((s) => s.id),
  style_prompts: styles.map((s) => s.prompt),
  use_reference_elements: true as const,
});

/** Polls the gallery until every task of these ids has finished (DONE or ERROR). */
export async function waitForTasks(token: string, ids: string[], timeoutMs = 50_000): Promise<AvatarTask[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await callRoute('userTasks', { token, query: { limit: '200' } });
    const mine = res.body.tasks.filter((t) => ids.includes(t.id));
    if (mine.length === ids.length && mine.every((t) => t.status === 'DONE' || t.status === 'ERROR'))
      return mine;
    if (Date.now() > deadline)
      throw new Error(`tasks not finished in time: ${JSON.stringify(mine.map((t) => [t.id, t.status]))}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** An activated account (2 free tokens) that consented and uploaded `photos` reference photos. */
export async function userWithPhotos(photos: number): Promise<{ email: string; token: string }> {
  const user = await consentedUser();
  if (photos > 0) {
    const files = await Promise.all(
      Array.from({ length: photos }, async (_, i) => ({
        name: `selfie-${i + 1}.jpg`,
        bytes: await testPhoto({ width: 900, height: 1100, seed: 40 + i }),
      })),
    );
    await uploadDirect(user.token, files);
  }
  return user;
}

async function consentedFrenchUser(): Promise<{ email: string; token: string }> {
  const email = newEmail('fr');
  const token = await createLocalAccount(stack(), email, { lang: 'fr' });
  await callRoute('photoConsent', { token, body: { processing: true, rights: true } });
  return { email, token };
}
