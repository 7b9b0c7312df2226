// Style import and export through the whole stack: the import's lease on the table, the multipart form, the
// export's download. What an import adds, skips and refuses, and the export's round trip, are the domain's
// (tests/domain/style-transfer.test.ts).
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { keys } from '#platform/dynamodb/keys.ts';
import { adminUser, importFile, importJson, styleBody } from '../support/admin.ts';
import { callRoute, stack } from '../support/api.ts';

let admin: { email: string; token: string };
beforeAll(async () => {
  admin = await adminUser();
});

const names = async () =>
  (await callRoute('adminListStyles', { token: admin.token })).body.map((s) => s.name);

describe('style import', () => {
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

  it('refuses a form without the file field', async () => {
    const res = await importFile(admin.token, Buffer.from('[]'), 'styles.json', 'upload');
    expect(res).toMatchObject({
      status: 400,
      body: { msg: 'Aucun fichier reçu : choisissez un fichier .json.' },
    });
  });
});

describe('style export', () => {
  it('downloads the catalogue as a JSON file in the import’s shape; never with the session in its URL', async () => {
    // The screen fetches it with the session in a header; a session in the URL opens nothing.
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
});
