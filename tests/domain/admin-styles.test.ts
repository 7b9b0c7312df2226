// The admin styles screen's use cases (functions/styles/domain/admin-styles.ts) and the create screen's list
// (styles.ts) against FakeAdminStyleStore. The form's field rules are in tests/unit/admin-style-rules.test.ts;
// the role check and the HTTP statuses in tests/integration/admin-styles.test.ts.
import { describe, expect, it } from 'vitest';
import type { AdminStyleInput } from '#shared/api-schemas.ts';
import {
  ADMIN_STYLE_DEFAULTS,
  createStyle,
  deletedStyleName,
  deleteStyle,
  listAdminStyles,
  styleAuditLog,
  styleIdOf,
  updateStyle,
} from '../../functions/styles/domain/admin-styles.ts';
import { listActiveStyles } from '../../functions/styles/domain/styles.ts';
import { FakeAdminStyleStore, FakeClock, FakeIds } from '../support/fakes/index.ts';

function world() {
  const clock = new FakeClock(1_800_000_000);
  const styles = new FakeAdminStyleStore();
  const deps = { styles, clock, ids: new FakeIds() };
  const admin = {
    id: 'admin-1',
    email: 'admin@example.test',
  } as Parameters<typeof createStyle>[1];
  return { clock, styles, deps, admin };
}

const input = (fields: Partial<AdminStyleInput> = {}): AdminStyleInput => ({
  name: 'Néon',
  description: 'Des lumières',
  category: 'Rétro',
  image_url: '/styles/neon.webp',
  token_cost: 2,
  prompt: 'A neon portrait.',
  is_active: true,
  format: 'square',
  ...fields,
});

describe('admin style changes', () => {
  it('create a style with the admin defaults, no choices unless asked, and an audit entry naming the admin', async () => {
    const w = world();
    const created = await createStyle(w.deps, w.admin, input());
    expect(created).toEqual({
      id: 1,
      name: 'Néon',
      description: 'Des lumières',
      category: 'Rétro',
      image_url: '/styles/neon.webp',
      token_cost: 2,
      prompt: 'A neon portrait.',
      accepts_choices: false,
      is_active: true,
      format: 'square',
    });
    expect(await w.styles.get(1)).toMatchObject({ key: null, translations: {}, ...ADMIN_STYLE_DEFAULTS });
    expect((await createStyle(w.deps, w.admin, input({ accepts_choices: true }))).accepts_choices).toBe(true);
    const { entries } = await styleAuditLog(w.deps);
    expect(entries.map((e) => [e.action, e.style_id])).toEqual([
      ['create', 2],
      ['create', 1],
    ]);
    expect(entries[1]).toMatchObject({
      at: 1_800_000_000,
      actor: { id: 'admin-1', email: 'admin@example.test' },
      before: null,
      after: created,
    });
  });

  it('edit a style: the list shows it; the French text goes when the English changes, stays otherwise', async () => {
    const w = world();
    const created = await createStyle(w.deps, w.admin, input());
    await w.styles.updateAudited(
      1,
      (s) => ({ ...s, translations: { fr: { name: 'Néon fr', description: 'd' } } }),
      {
        id: 'seed',
        at: 1,
        actor: { id: 'x', email: 'x@example.test' },
      },
    );
    w.clock.advance(60);
    const cheaper = await updateStyle(w.deps, w.admin, 1, input({ token_cost: 1, is_active: false }));
    expect(cheaper).toMatchObject({
      id: 1,
      token_cost: 1,
      is_active: false,
      translations: { fr: { name: 'Néon fr' } },
    });
    expect((await w.styles.get(1))?.updatedAt).toBe(1_800_000_060);
    const renamed = await updateStyle(w.deps, w.admin, 1, input({ name: 'Neon 2' }));
    expect(renamed).not.toHaveProperty('translations');
    expect(await listAdminStyles(w.deps)).toEqual([renamed]);
    // accepts_choices left out keeps what the style had.
    await updateStyle(w.deps, w.admin, 1, input({ accepts_choices: true }));
    expect((await updateStyle(w.deps, w.admin, 1, input())).accepts_choices).toBe(true);
    expect(created.id).toBe(1);
  });

  it('answer "Le style N n\'existe pas." for a style that is not there, and for an id that is not one', async () => {
    const w = world();
    await expect(updateStyle(w.deps, w.admin, 42, input())).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: "Le style 42 n'existe pas.",
    });
    await expect(deleteStyle(w.deps, w.admin, 42)).rejects.toMatchObject({
      message: "Le style 42 n'existe pas.",
    });
    expect(styleIdOf('17')).toBe(17);
    for (const raw of ['0', 'abc', '1.5', '-1', '01', '12345678901', '']) {
      expect(() => styleIdOf(raw), raw).toThrow(/^Le style .* n'existe pas\.$/);
    }
    expect(() => styleIdOf('x'.repeat(50))).toThrow(`Le style ${'x'.repeat(20)} n'existe pas.`);
    expect((await styleAuditLog(w.deps)).entries).toEqual([]);
  });

  it('delete a style: gone from both lists, kept whole in the audit log, named "Style N" where it is shown', async () => {
    const w = world();
    const created = await createStyle(w.deps, w.admin, input());
    expect((await listActiveStyles({ styles: w.styles })).styles.map((s) => s.id)).toEqual([1]);
    expect(await deleteStyle(w.deps, w.admin, 1)).toEqual({ success: true });
    expect(await listAdminStyles(w.deps)).toEqual([]);
    expect((await listActiveStyles({ styles: w.styles })).styles).toEqual([]);
    expect((await styleAuditLog(w.deps)).entries[0]).toMatchObject({
      action: 'delete',
      before: created,
      after: null,
    });
    expect(deletedStyleName(1)).toBe('Style 1');
  });

  it('record who changed what: create, update, delete and import, newest first, with the import’s counts', async () => {
    const w = world();
    await createStyle(w.deps, w.admin, input());
    await updateStyle(w.deps, w.admin, 1, input({ token_cost: 7 }));
    await deleteStyle(w.deps, w.admin, 1);
    await w.styles.importAudited(
      [],
      { id: 'imp', at: 5, actor: { id: 'admin-1', email: 'admin@example.test' } },
      3,
    );
    const { entries } = await styleAuditLog(w.deps);
    expect(entries.map((e) => e.action)).toEqual(['import', 'delete', 'update', 'create']);
    expect(entries[0]).toMatchObject({ added: 0, skipped: 3, before: null, after: null, style_id: null });
    expect(entries[2]).toMatchObject({ before: { token_cost: 2 }, after: { token_cost: 7 } });
    expect(entries[1]).not.toHaveProperty('added');
  });
});

describe('the create screen’s styles', () => {
  it('lists the active styles only, in id order, with their French text when they have one', async () => {
    const w = world();
    await createStyle(w.deps, w.admin, input({ name: 'A' }));
    await createStyle(w.deps, w.admin, input({ name: 'B', is_active: false }));
    await createStyle(w.deps, w.admin, input({ name: 'C' }));
    await w.styles.updateAudited(
      3,
      (s) => ({ ...s, translations: { fr: { name: 'C fr', description: 'c' } } }),
      {
        id: 's',
        at: 1,
        actor: { id: 'x', email: 'x@example.test' },
      },
    );
    const { styles } = await listActiveStyles({ styles: w.styles });
    expect(styles.map((s) => [s.id, s.name])).toEqual([
      [1, 'A'],
      [3, 'C'],
    ]);
    expect(styles[0]).not.toHaveProperty('translations');
    expect(styles[1]?.translations).toEqual({ fr: { name: 'C fr', description: 'c' } });
    expect(styles[0]).not.toHaveProperty('is_active');
  });
});
