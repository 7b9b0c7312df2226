// The admin screen's writes to the styles table: each change and its audit entry in one transaction.
// Audit entries live in their own partition (pk = STYLE_AUDIT), newest read first; a style's `revision`
// makes an edit or a delete apply to the style as it was read, so the entry's "before" is exact.
import { randomUUID } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  isConditionFailure,
  isTransactionConflict,
  writtenUnlessConditionFails,
} from '#platform/dynamodb/conditions.ts';
import { keys } from '#platform/dynamodb/keys.ts';
import type { AdminStyleStore, AuditAction, AuditRecord, AuditStamp, StyleChange } from '../domain/ports.ts';
import type { NewStyle, Style } from '../domain/style.ts';
import { toItem, toStyle } from './style-items.ts';
import { DynamoStyleReader } from './style-reader.ts';

const AUDIT_PARTITION = 'STYLE_AUDIT';
// Milliseconds in the key: changes made within one second still list in the order they were made.
const auditKey = (id: string) => ({
  pk: AUDIT_PARTITION,
  sk: `AUDIT#${String(Date.now()).padStart(15, '0')}#${id}`,
});
const ATTEMPTS = 4;
/** An import waits this long for another to finish; a lease whose holder died (the function times out
 * after 15 s) frees itself after holdMs. */
const IMPORT_LEASE = { waitMs: 10_000, holdMs: 30_000 };

interface AuditItem {
  id: string;
  at: number;
  action: AuditAction;
  actor_id: string;
  actor_email: string;
  style_id: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  added?: number;
  skipped?: number;
}

export class DynamoAdminStyleStore extends DynamoStyleReader implements AdminStyleStore {
  async createAudited(style: NewStyle, stamp: AuditStamp): Promise<Style> {
    const [id] = await this.reserveIds(1);
    const created: Style = { ...style, id: id as number, createdAt: stamp.at, updatedAt: stamp.at };
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: this.stylePut(created, 0, 'attribute_not_exists(pk)') },
          { Put: this.auditPut(stamp, 'create', created.id, null, created) },
        ],
      }),
    );
    return created;
  }

  async updateAudited(
    id: number,
    change: StyleChange,
    stamp: AuditStamp,
  ): Promise<{ before: Style; after: Style } | null> {
    for (let attempt = 1; ; attempt++) {
      const current = await this.readWithRevision(id);
      if (!current) return null;
      const after = { ...change(current.style), id };
      try {
        await this.db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: this.stylePut(
                  after,
                  (current.revision ?? 0) + 1,
                  ...this.sameRevision(current.revision),
                ),
              },
              { Put: this.auditPut(stamp, 'update', id, current.style, after) },
            ],
          }),
        );
        return { before: current.style, after };
      } catch (e) {
        // Changed or deleted since it was read: read it again.
        if (attempt >= ATTEMPTS || !(isConditionFailure(e) || isTransactionConflict(e))) throw e;
      }
    }
  }

  async removeAudited(id: number, stamp: AuditStamp): Promise<Style | null> {
    for (let attempt = 1; ; attempt++) {
      const current = await this.readWithRevision(id);
      if (!current) return null;
      const [condition, values] = this.sameRevision(current.revision);
      try {
        await this.db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: this.table,
                  Key: keys.style(id),
                  ConditionExpression: condition,
                  ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
                },
              },
              { Put: this.auditPut(stamp, 'delete', id, current.style, null) },
            ],
          }),
        );
        return current.style;
      } catch (e) {
        if (attempt >= ATTEMPTS || !(isConditionFailure(e) || isTransactionConflict(e))) throw e;
      }
    }
  }

  async importAudited(styles: readonly NewStyle[], stamp: AuditStamp, skipped: number): Promise<Style[]> {
    if (styles.length > 99) throw new Error('An import is one transaction: at most 99 styles');
    const ids = styles.length ? await this.reserveIds(styles.length) : [];
    const created: Style[] = styles.map((s, i) => ({
      ...s,
      id: ids[i] as number,
      createdAt: stamp.at,
      updatedAt: stamp.at,
    }));
    const audit = this.auditPut(stamp, 'import', null, null, null);
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          ...created.map((s) => ({ Put: this.stylePut(s, 0, 'attribute_not_exists(pk)') })),
          { Put: { ...audit, Item: { ...audit.Item, added: created.length, skipped } } },
        ],
      }),
    );
    // A catalogue style brought back by an import counts as seeded: seeding must not add it a second time.
    for (const s of created) {
      if (!s.key) continue;
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...keys.styleSeed(s.key), style_id: s.id, seeded_at: s.createdAt },
        }),
      );
    }
    return created;
  }

  async auditLog(limit: number): Promise<AuditRecord[]> {
    const res = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': AUDIT_PARTITION },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (res.Items ?? []).map((item) => {
      const a = item as AuditItem;
      return {
        id: a.id,
        at: a.at,
        action: a.action,
        actor: { id: a.actor_id, email: a.actor_email },
        styleId: a.style_id,
        before: a.before ? toStyle(a.before) : null,
        after: a.after ? toStyle(a.after) : null,
        ...(a.added !== undefined ? { added: a.added } : {}),
        ...(a.skipped !== undefined ? { skipped: a.skipped } : {}),
      };
    });
  }

  async whileImporting<T>(work: () => Promise<T>): Promise<T | 'busy'> {
    const holder = randomUUID();
    const deadline = Date.now() + IMPORT_LEASE.waitMs;
    for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
      if (await this.takeImportLease(holder)) break;
      if (Date.now() + delay > deadline) return 'busy';
      await new Promise((r) => setTimeout(r, delay));
    }
    try {
      return await work();
    } finally {
      await this.db
        .send(
          new DeleteCommand({
            TableName: this.table,
            Key: keys.styleImportLease,
            ConditionExpression: 'holder = :me',
            ExpressionAttributeValues: { ':me': holder },
          }),
        )
        .catch((e: unknown) => {
          // Expired and taken by the next import meanwhile: it is that import's now.
          if (!isConditionFailure(e)) throw e;
        });
    }
  }

  private async takeImportLease(holder: string): Promise<boolean> {
    const now = Date.now();
    return writtenUnlessConditionFails(
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...keys.styleImportLease, holder, expires_at_ms: now + IMPORT_LEASE.holdMs },
          ConditionExpression: 'attribute_not_exists(pk) OR expires_at_ms < :now',
          ExpressionAttributeValues: { ':now': now },
        }),
      ),
    );
  }

  /** `count` new ids from the table's counter, in one atomic ADD: consecutive, never shared. */
  private async reserveIds(count: number): Promise<number[]> {
    const res = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.styleCounter,
        UpdateExpression: 'ADD last_id :n',
        ExpressionAttributeValues: { ':n': count },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const last = res.Attributes?.last_id;
    if (typeof last !== 'number') throw new Error('The style counter did not return a number');
    return Array.from({ length: count }, (_, i) => last - count + 1 + i);
  }

  private async readWithRevision(id: number): Promise<{ style: Style; revision: number | null } | null> {
    const res = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.style(id), ConsistentRead: true }),
    );
    if (!res.Item) return null;
    const revision = typeof res.Item.revision === 'number' ? res.Item.revision : null;
    return { style: toStyle(res.Item), revision };
  }

  /** The style is still as it was read (seeded styles have no revision until their first edit). */
  private sameRevision(revision: number | null): [string, Record<string, unknown>] {
    return revision === null
      ? ['attribute_exists(pk) AND attribute_not_exists(revision)', {}]
      : ['revision = :seen', { ':seen': revision }];
  }

  private stylePut(style: Style, revision: number, condition: string, values: Record<string, unknown> = {}) {
    return {
      TableName: this.table,
      Item: { ...keys.style(style.id), ...toItem(style), revision },
      ConditionExpression: condition,
      ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
    };
  }

  private auditPut(
    stamp: AuditStamp,
    action: AuditAction,
    styleId: number | null,
    before: Style | null,
    after: Style | null,
  ) {
    const item: AuditItem = {
      id: stamp.id,
      at: stamp.at,
      action,
      actor_id: stamp.actor.id,
      actor_email: stamp.actor.email,
      style_id: styleId,
      before: before ? toItem(before) : null,
      after: after ? toItem(after) : null,
    };
    return {
      TableName: this.table,
      Item: { ...auditKey(stamp.id), ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    };
  }
}
