// The admin styles API through the whole stack: every change, the import's included, lands in the audit
// log. The role checks, the form's French messages, create, edit and delete are the handler's
// (tests/handlers/admin-styles.test.ts, route-table.test.ts); concurrent edits the AdminStyleStore
// contract's against DynamoDB Local (tests/contracts/admin-style-store.contract.ts).
import { describe, expect, it } from 'vitest';
import { adminUser, importJson, styleBody } from '../support/admin.ts';
import { callRoute } from '../support/api.ts';

describe('admin style changes', () => {
  it('record who changed what and when: create, update, delete and import, newest first', async () => {
    const admin = await adminUser();
    const started = Math.floor(Date.now() / 1000);
    const created = (await callRoute('adminCreateStyle', { token: admin.token, body: styleBody() })).body;
    const changed = { ...styleBody(), token_cost: 7 };
    const updated = (
      await callRoute('adminUpdateStyle', {
        token: admin.token,
        params: { id: String(created.id) },
        body: changed,
      })
    ).body;
    await callRoute('adminDeleteStyle', { token: admin.token, params: { id: String(created.id) } });
    await importJson(admin.token, [styleBody(), { name: '' }]);
    const mine = (await callRoute('adminStyleAudit', { token: admin.token })).body.entries.filter(
      (e) => e.actor.email === admin.email,
    );
    expect(mine.map((e) => e.action)).toEqual(['import', 'delete', 'update', 'create']);
    expect(mine.every((e) => e.at >= started)).toBe(true);
    expect(mine[0]).toMatchObject({ added: 1, skipped: 1 });
    expect(mine[2]).toMatchObject({ style_id: created.id, before: created, after: updated });
    expect(mine[3]).toMatchObject({ before: null, after: created });
  });
});
