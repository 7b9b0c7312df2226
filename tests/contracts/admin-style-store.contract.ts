// The AdminStyleStore port's contract (functions/styles/domain/ports.ts), run against the DynamoDB
// adapter on a table of its own in DynamoDB Local (tests/integration/port-contracts.test.ts: the shared table's
// catalogue stays as the other files expect it) and against the fake (tests/domain/port-contracts.test.ts).
import { describe, expect, it } from 'vitest';
import { ADMIN_STYLE_DEFAULTS } from '../../functions/styles/domain/admin-styles.ts';
import type { AdminStyleStore, AuditStamp } from '../../functions/styles/domain/ports.ts';
import type { NewStyle } from '../../functions/styles/domain/style.ts';

export function adminStyleStoreContract(make: () => AdminStyleStore | Promise<AdminStyleStore>) {
  let stamps = 0;
  /** Stamp ids in the order they are made (the audit log lists newest first). */
  const stamp = (): AuditStamp => ({
    id: `${Date.now()}-${String(++stamps).padStart(6, '0')}`,
    at: 1_800_000_000 + stamps,
    actor: { id: 'admin-1', email: 'admin@example.test' },
  });
  const style = (name: string, fields: Partial<NewStyle> = {}): NewStyle => ({
    key: null,
    name,
    description: `${name}, drawn`,
    translations: { fr: { name: `${name} (fr)`, description: 'dessiné' } },
    category: 'Professional',
    imageUrl: '/styles/x.webp',
    tokenCost: 1,
    prompt: `A ${name} portrait.`,
    isActive: true,
    format: 'square',
    acceptsChoices: false,
    ...ADMIN_STYLE_DEFAULTS,
    ...fields,
  });

  describe('AdminStyleStore contract', () => {
    it('creates styles under consecutive new ids, each read back whole, with its audit entry', async () => {
      const store = await make();
      const s1 = stamp();
      const a = await store.createAudited(style('Studio'), s1);
      const b = await store.createAudited(
        style('Comic', { format: 'portrait', acceptsChoices: true }),
        stamp(),
      );
      expect(b.id).toBe(a.id + 1);
      expect(a).toEqual({ ...style('Studio'), id: a.id, createdAt: s1.at, updatedAt: s1.at });
      expect(await store.get(a.id)).toEqual(a);
      expect(await store.get(b.id + 100)).toBeNull();
      expect((await store.getMany([b.id, a.id, a.id, b.id + 100])).sort((x, y) => x.id - y.id)).toEqual([
        a,
        b,
      ]);
      const all = await store.listAll({ consistent: true });
      expect(all.filter((s) => s.id === a.id || s.id === b.id)).toEqual([a, b]);
      const [latest] = await store.auditLog(1);
      expect(latest).toMatchObject({
        action: 'create',
        styleId: b.id,
        before: null,
        after: b,
        actor: s1.actor,
      });
    });

    it('applies a change to the style as stored, with before and after in the audit; none for an unknown id', async () => {
      const store = await make();
      const a = await store.createAudited(style('Studio'), stamp());
      const s = stamp();
      const result = await store.updateAudited(
        a.id,
        (cur) => ({ ...cur, tokenCost: cur.tokenCost + 2, id: 999 }),
        s,
      );
      expect(result).toEqual({ before: a, after: { ...a, tokenCost: 3 } });
      expect(await store.get(a.id)).toEqual({ ...a, tokenCost: 3 });
      expect((await store.auditLog(1))[0]).toMatchObject({
        id: s.id,
        action: 'update',
        before: a,
        after: { tokenCost: 3 },
      });
      expect(await store.updateAudited(a.id + 1000, (cur) => cur, stamp())).toBeNull();
      expect((await store.auditLog(1))[0]?.id).toBe(s.id);
    });

    it('loses no change of several made at once: each applies to the one before, as its audit entry says', async () => {
      const store = await make();
      const a = await store.createAudited(style('Studio'), stamp());
      const bump = () =>
        store.updateAudited(a.id, (cur) => ({ ...cur, tokenCost: cur.tokenCost + 1 }), stamp());
      await Promise.all([bump(), bump(), bump()]);
      expect((await store.get(a.id))?.tokenCost).toBe(4);
      // Each audit entry starts from the one before.
      const updates = (await store.auditLog(3)).reverse();
      expect(updates.map((u) => [u.before?.tokenCost, u.after?.tokenCost])).toEqual([
        [1, 2],
        [2, 3],
        [3, 4],
      ]);
    });

    it('deletes a style once, its audit entry keeping it whole', async () => {
      const store = await make();
      const a = await store.createAudited(style('Studio'), stamp());
      expect(await store.removeAudited(a.id, stamp())).toEqual(a);
      expect(await store.get(a.id)).toBeNull();
      expect((await store.auditLog(1))[0]).toMatchObject({
        action: 'delete',
        styleId: a.id,
        before: a,
        after: null,
      });
      expect(await store.removeAudited(a.id, stamp())).toBeNull();
      // Ids are never given out again.
      expect((await store.createAudited(style('Next'), stamp())).id).toBeGreaterThan(a.id);
    });

    it('imports styles whole under consecutive ids with one audit entry; at most 99 at once', async () => {
      const store = await make();
      const s = stamp();
      const created = await store.importAudited([style('One'), style('Two'), style('Three')], s, 2);
      expect(created.map((c) => c.name)).toEqual(['One', 'Two', 'Three']);
      expect(created.map((c) => c.id - (created[0]?.id ?? 0))).toEqual([0, 1, 2]);
      expect((await store.auditLog(1))[0]).toMatchObject({
        id: s.id,
        action: 'import',
        styleId: null,
        added: 3,
        skipped: 2,
      });
      const tooMany = Array.from({ length: 100 }, (_, i) => style(`S${i}`));
      await expect(store.importAudited(tooMany, stamp(), 0)).rejects.toThrow('at most 99');
    });

    it('lists the audit newest first, up to a limit', async () => {
      const store = await make();
      const first = stamp();
      const second = stamp();
      const a = await store.createAudited(style('A'), first);
      await store.updateAudited(a.id, (cur) => ({ ...cur, name: 'A2' }), second);
      expect((await store.auditLog(2)).map((r) => r.id)).toEqual([second.id, first.id]);
      expect(await store.auditLog(1)).toHaveLength(1);
    });

    it('runs one import at a time, and frees the lease when the work fails', async () => {
      const store = await make();
      let running = 0;
      let most = 0;
      const work = async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 60));
        running--;
        return 'done';
      };
      expect(await Promise.all([store.whileImporting(work), store.whileImporting(work)])).toEqual([
        'done',
        'done',
      ]);
      expect(most).toBe(1);
      await expect(store.whileImporting(() => Promise.reject(new Error('broken import')))).rejects.toThrow(
        'broken',
      );
      expect(await store.whileImporting(async () => 'after')).toBe('after');
    });
  });
}
