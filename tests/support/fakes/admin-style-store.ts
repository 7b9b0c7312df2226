// The styles table as the admin screen writes it, in memory, with the rules of
// functions/styles/dynamodb/admin-style-store.ts: ids from one counter (consecutive, never reused), each
// change written with its audit entry or not at all, an import whole or not at all (at most 99 styles), and
// one import at a time (the lease: a second waits, then is told 'busy').
import type {
  AdminStyleStore,
  AuditAction,
  AuditRecord,
  AuditStamp,
  StyleChange,
} from '../../../functions/styles/domain/ports.ts';
import type { NewStyle, Style } from '../../../functions/styles/domain/style.ts';

export class FakeAdminStyleStore implements AdminStyleStore {
  private readonly styles = new Map<number, Style>();
  private readonly audit: AuditRecord[] = [];
  private lastId = 0;
  private lease: Promise<void> | null = null;
  /** how long a second import waits for the lease before 'busy' (the adapter: 10 s) */
  waitMs = 10_000;

  async listAll(): Promise<Style[]> {
    return [...this.styles.values()].sort((a, b) => a.id - b.id).map(copy);
  }

  async get(id: number): Promise<Style | null> {
    const s = this.styles.get(id);
    return s ? copy(s) : null;
  }

  async getMany(ids: readonly number[]): Promise<Style[]> {
    return [...new Set(ids)].flatMap((id) => {
      const s = this.styles.get(id);
      return s ? [copy(s)] : [];
    });
  }

  async createAudited(style: NewStyle, stamp: AuditStamp): Promise<Style> {
    const created: Style = {
      ...copy(style as Style),
      id: ++this.lastId,
      createdAt: stamp.at,
      updatedAt: stamp.at,
    };
    this.styles.set(created.id, created);
    this.log(stamp, 'create', created.id, null, created);
    return copy(created);
  }

  async updateAudited(
    id: number,
    change: StyleChange,
    stamp: AuditStamp,
  ): Promise<{ before: Style; after: Style } | null> {
    const current = this.styles.get(id);
    if (!current) return null;
    const after = { ...change(copy(current)), id };
    this.styles.set(id, copy(after));
    this.log(stamp, 'update', id, current, after);
    return { before: copy(current), after: copy(after) };
  }

  async removeAudited(id: number, stamp: AuditStamp): Promise<Style | null> {
    const current = this.styles.get(id);
    if (!current) return null;
    this.styles.delete(id);
    this.log(stamp, 'delete', id, current, null);
    return copy(current);
  }

  async importAudited(styles: readonly NewStyle[], stamp: AuditStamp, skipped: number): Promise<Style[]> {
    if (styles.length > 99) throw new Error('An import is one transaction: at most 99 styles');
    const created = styles.map(
      (s): Style => ({ ...copy(s as Style), id: ++this.lastId, createdAt: stamp.at, updatedAt: stamp.at }),
    );
    for (const s of created) this.styles.set(s.id, s);
    this.log(stamp, 'import', null, null, null, { added: created.length, skipped });
    return created.map(copy);
  }

  async whileImporting<T>(work: () => Promise<T>): Promise<T | 'busy'> {
    const deadline = Date.now() + this.waitMs;
    while (this.lease) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return 'busy';
      const held = this.lease;
      const timedOut = await Promise.race([
        held.then(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(true), remaining)),
      ]);
      // Timed out while the same import still holds it (a new holder would mean it came free meanwhile).
      if (timedOut && this.lease === held) return 'busy';
    }
    let free = () => {};
    this.lease = new Promise<void>((r) => {
      free = r;
    });
    try {
      return await work();
    } finally {
      this.lease = null;
      free();
    }
  }

  async auditLog(limit: number): Promise<AuditRecord[]> {
    return this.audit
      .slice(-limit)
      .reverse()
      .map((r) => structuredClone(r));
  }

  private log(
    stamp: AuditStamp,
    action: AuditAction,
    styleId: number | null,
    before: Style | null,
    after: Style | null,
    counts: { added?: number; skipped?: number } = {},
  ): void {
    if (this.audit.some((r) => r.id === stamp.id)) throw new Error(`audit entry ${stamp.id} exists`);
    this.audit.push({
      ...structuredClone(stamp),
      action,
      styleId,
      before: before ? copy(before) : null,
      after: after ? copy(after) : null,
      ...counts,
    });
  }
}

const copy = <T>(s: T): T => structuredClone(s);
