// Style import and export (issue 11): each entry checked, invalid ones and duplicates (same name and
// category) skipped with the reason, the rest written whole; limits with clear errors; and an export that
// re-imports into an empty table as the same catalogue.
import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DynamoAdminStyleStore } from '../../functions/adapters/dynamodb/admin-style-store.ts';
import { createDocumentClient } from '../../functions/adapters/dynamodb/client.ts';
import { keys } from '../../functions/adapters/dynamodb/keys.ts';
import { cryptoIds, systemClock } from '../../functions/adapters/system.ts';
import type { User } from '../../functions/domain/ports.ts';
import { exportStyles, importStyles } from '../../functions/domain/styles/style-transfer.ts';
import { ensureTable } from '../../infra/local/dynamodb.ts';
import { STYLE_IMPORT_LIMITS } from '../../shared/admin-style-rules.ts';
import { adminUser, importFile, importJson, styleBody } from '../support/admin.ts';
import { callRoute, stack } from '../support/api.ts';

let admin: { email: string; token: string };
beforeAll(async () => {
  admin = await adminUser();
});

const names = async () =>
  (await callRoute('adminListStyles', { token: admin.token })).body.map((s) => s.name);

describe('style import', () => {
  it('adds the valid entries, skips invalid ones with their reason, and reports added and skipped', async () => {
    const good = [styleBody(), styleBody({ token_cost: undefined, is_active: undefined, format: undefined })];
    const res = await importJson(admin.token, [
      good[0],
      { ...styleBody(), name: '   ' },
      { ...styleBody(), token_cost: 0 },
      'not a style',
      good[1],
      { ...styleBody(), format: 'landscape' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ added: 2, skipped: 4 });
    expect(res.body.skipped_entries?.map((e) => [e.index, e.reason])).toEqual([
      [1, 'Le nom est requis.'],
      [2, 'Le coût doit être au moins de 1.'],
      [3, "L'entrée doit être un objet style."],
      [5, 'Le format doit être square ou portrait.'],
    ]);
    const list = (await callRoute('adminListStyles', { token: admin.token })).body;
    const added = list.filter((s) => good.some((g) => g.name === s.name));
    expect(added).toHaveLength(2);
    expect(added[1]).toMatchObject({ token_cost: 1, is_active: true, format: 'square' });
    expect((added[1]?.id ?? 0) - (added[0]?.id ?? 0)).toBe(1);
  });

  it('skips duplicates of existing styles and within the file, by name and category (any case)', async () => {
    const existing = styleBody();
    expect((await importJson(admin.token, [existing])).body.added).toBe(1);
    const twin = styleBody();
    const res = await importJson(admin.token, [
      { ...existing, name: existing.name.toUpperCase(), prompt: 'another prompt' },
      { ...existing, category: 'Another category' },
      twin,
      { ...twin, name: ` ${twin.name} ` },
    ]);
    expect(res.body).toMatchObject({ added: 2, skipped: 2 });
    expect(res.body.skipped_entries?.map((e) => e.index)).toEqual([0, 3]);
    expect(res.body.skipped_entries?.[0]?.reason).toMatch(/existe déjà dans la catégorie « Tests »/);
    expect((await names()).filter((n) => n === twin.name)).toHaveLength(1);
  });

  it('adds each style once when the same file is imported twice at the same instant', async () => {
    const file = Array.from({ length: 5 }, () => styleBody());
    const results = await Promise.all([1, 2, 3].map(() => importJson(admin.token, file)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.body.added).sort()).toEqual([0, 0, 5]);
    for (const r of results.filter((x) => x.body.added === 0))
      expect(r.body.skipped_entries?.every((e) => /existe déjà/.test(e.reason))).toBe(true);
    const listed = await names();
    for (const style of file) expect(listed.filter((n) => n === style.name)).toHaveLength(1);
  });

  it('waits for an import in progress, and takes over the lease of one that died', async () => {
    const db = createDocumentClient(stack().dynamoEndpoint);
    const lease = (expiresInMs: number) =>
      db.send(
        new PutCommand({
          TableName: stack().tableName,
          Item: {
            ...keys.styleImportLease,
            holder: 'another import',
            expires_at_ms: Date.now() + expiresInMs,
          },
        }),
      );
    // A holder that died a while ago: its lease has expired, this import goes ahead at once.
    await lease(-1000);
    expect((await importJson(admin.token, [styleBody()])).body.added).toBe(1);
    // One that is still running and does not finish: after a wait, a clear refusal, nothing written. The
    // lease goes as soon as the refusal is in, whatever it says: other files import styles meanwhile.
    await lease(60_000);
    const refused = styleBody();
    let busy: Awaited<ReturnType<typeof importJson>>;
    try {
      busy = await importJson(admin.token, [refused]);
    } finally {
      await db.send(new DeleteCommand({ TableName: stack().tableName, Key: keys.styleImportLease }));
    }
    expect(busy.status).toBe(409);
    expect(busy.body.msg).toBe('Un autre import est en cours. Réessayez dans quelques secondes.');
    expect(await names()).not.toContain(refused.name);
  });

  it.each([
    ['text that is not JSON', 'name,category\n{name},B', "Le fichier n'est pas un JSON valide."],
    ['a JSON object', '{"name":"{name}"}', 'Le fichier doit contenir une liste de styles (un tableau JSON).'],
    ['an empty file', '', 'Aucun fichier reçu : choisissez un fichier .json.'],
  ])('refuses %s with a clear error and adds nothing', async (_, text, message) => {
    const { name } = styleBody();
    const res = await importFile(admin.token, Buffer.from(text.replace('{name}', name)));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(message);
    expect(await names()).not.toContain(name);
  });

  it('refuses a form without the file field', async () => {
    const res = await importFile(admin.token, Buffer.from('[]'), 'styles.json', 'upload');
    expect(res).toMatchObject({
      status: 400,
      body: { msg: 'Aucun fichier reçu : choisissez un fichier .json.' },
    });
  });

  it('refuses a file over the size limit (413) and a list over the count limit, writing nothing', async () => {
    // Other files add styles meanwhile: what this file would have written is what must be missing.
    const hugeStyle = styleBody();
    const huge = Buffer.from(
      JSON.stringify([{ ...hugeStyle, description: 'x'.repeat(STYLE_IMPORT_LIMITS.maxBytes) }]),
    );
    const big = await importFile(admin.token, huge);
    expect(big.status).toBe(413);
    expect(big.body.msg).toMatch(/Le fichier dépasse 512 Ko/);
    const many = Array.from({ length: STYLE_IMPORT_LIMITS.maxEntries + 1 }, () => styleBody());
    const tooMany = await importJson(admin.token, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toBe(
      `Le fichier contient ${STYLE_IMPORT_LIMITS.maxEntries + 1} styles ; un import en accepte au plus ${STYLE_IMPORT_LIMITS.maxEntries}.`,
    );
    const listed = new Set(await names());
    expect([hugeStyle, ...many].filter((style) => listed.has(style.name))).toEqual([]);
  });

  it('takes the largest list it allows in one go', async () => {
    const many = Array.from({ length: STYLE_IMPORT_LIMITS.maxEntries }, () => styleBody());
    const res = await importJson(admin.token, many);
    expect(res.body).toMatchObject({ added: STYLE_IMPORT_LIMITS.maxEntries, skipped: 0 });
  });
});

describe('style export', () => {
  it('downloads the catalogue as a JSON file in the import’s shape; never with the session in its URL', async () => {
    // Issue 23: the screen fetches it with the session in a header; a session in the URL opens nothing.
    const inUrl = await callRoute('adminExportStyles', { query: { token: admin.token } });
    expect(inUrl.status).toBe(401);
    const listed = async () =>
      (await callRoute('adminListStyles', { token: admin.token })).body.map((s) => s.name);
    const before = await listed();
    const res = await callRoute('adminExportStyles', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="styles.json"');
    const entries = JSON.parse(res.raw.toString('utf8')) as Record<string, unknown>[];
    const after = await listed();
    // The whole catalogue, in the list's order: every style listed before it, and only styles listed after
    // (other files add styles meanwhile).
    const exported = entries.map((e) => e.name as string);
    expect(before.filter((name) => !exported.includes(name))).toEqual([]);
    expect(exported).toEqual(after.filter((name) => exported.includes(name)));
    for (const field of [
      'name',
      'category',
      'description',
      'image_url',
      'prompt',
      'token_cost',
      'is_active',
      'format',
    ])
      expect(entries[0], field).toHaveProperty(field);
  });

  it('re-imports into an empty table as the same catalogue', async () => {
    const exported = await callRoute('adminExportStyles', { token: admin.token });
    const db = createDocumentClient(stack().dynamoEndpoint);
    try {
      const table = `styles-${randomUUID().slice(0, 8)}`;
      await ensureTable(stack().dynamoEndpoint, table);
      const deps = { styles: new DynamoAdminStyleStore(db, table), clock: systemClock, ids: cryptoIds };
      const someone = { id: 'admin-1', email: 'admin@example.test' } as User;
      // The export holds more than one import takes: it goes in as several files, as an admin would.
      const entries = JSON.parse(exported.raw.toString('utf8')) as unknown[];
      let added = 0;
      for (let i = 0; i < entries.length; i += STYLE_IMPORT_LIMITS.maxEntries) {
        const part = Buffer.from(JSON.stringify(entries.slice(i, i + STYLE_IMPORT_LIMITS.maxEntries)));
        const result = await importStyles(deps, someone, { name: 'styles.json', bytes: part });
        expect(result.skipped).toBe(0);
        added += result.added;
      }
      expect(added).toBe(entries.length);
      expect(JSON.parse(JSON.stringify(await exportStyles(deps)))).toEqual(entries);
    } finally {
      db.destroy();
    }
  });
});
