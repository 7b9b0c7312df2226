// "Sign in with Google" attempts in progress: one item per state, taken (deleted) once by the callback.
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { isConditionFailure } from '#platform/dynamodb/conditions.ts';
import { keys, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import { LANGUAGES } from '#shared/language.ts';
import type { SignInAttempt, SignInAttemptStore } from '../domain/ports.ts';

const AttemptItem = z.object({
  browser_hash: z.string(),
  nonce: z.string(),
  code_verifier: z.string(),
  lang: z.enum(LANGUAGES),
  attempt_expires_at: z.number(),
});

export class DynamoGoogleAttempts implements SignInAttemptStore {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  async save(a: SignInAttempt): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...keys.googleAttempt(a.stateHash),
          browser_hash: a.browserHash,
          nonce: a.nonce,
          code_verifier: a.codeVerifier,
          lang: a.lang,
          attempt_expires_at: a.expiresAt,
          // TTL only cleans up; the expiry is enforced by the condition in take().
          [TTL_ATTRIBUTE]: a.expiresAt + 86_400,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async take(stateHash: string, browserHash: string, now: number): Promise<SignInAttempt | null> {
    try {
      // A conditional delete: single use even for two callbacks at once, and only for the browser that
      // started it (the cookie), before it expires.
      const res = await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: keys.googleAttempt(stateHash),
          ConditionExpression:
            'attribute_exists(pk) AND browser_hash = :browser AND attempt_expires_at > :now',
          ExpressionAttributeValues: { ':browser': browserHash, ':now': now },
          ReturnValues: 'ALL_OLD',
        }),
      );
      const a = AttemptItem.parse(res.Attributes);
      return {
        stateHash,
        browserHash: a.browser_hash,
        nonce: a.nonce,
        codeVerifier: a.code_verifier,
        lang: a.lang,
        expiresAt: a.attempt_expires_at,
      };
    } catch (e) {
      if (isConditionFailure(e)) return null;
      throw e;
    }
  }
}
