// The admin-styles group's handler in-process: only admins (by the role on the account record) change
// styles, the form's rules are the server's with the same French messages, ids are integers, and a deleted
// style leaves the lists. Who may call each admin route at all: route-table.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { STYLE_MESSAGES } from '#shared/admin-style-rules.ts';
import { adminUser, call, signedInUser, type TestUser } from '../support/handler-events.ts';

let counter = 0;
/** A valid style body with a name no other test uses. */
function styleBody(over: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Test style ${Date.now().toString(36)}-${counter}`,
    description: 'A style made by a test',
    category: 'Tests',
    image_url: 'https://images.example.test/preview.webp',
    token_cost: 2,
    prompt: 'A portrait in the test style',
    is_active: true,
    format: 'square',
    ...over,
  };
}

let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  [admin, user] = await Promise.all([adminUser(), signedInUser()]);
});

describe('admin routes', () => {
  it('refuse a user the export, creating and deleting (403), and change nothing for them', async () => {
    const before = await call('adminListStyles', { token: admin.token });
    expect(before.status).toBe(200);
    const first = (before.body as unknown as { id: number }[])[0];
    if (!first) throw new Error('the seeded catalogue is empty');
    expect((await call('adminExportStyles', { token: user.token })).status).toBe(403);
    expect((await call('adminCreateStyle', { token: user.token, body: styleBody() })).status).toBe(403);
    expect(
      (await call('adminDeleteStyle', { token: user.token, params: { id: String(first.id) } })).status,
    ).toBe(403);
    const after = await call('adminListStyles', { token: admin.token });
    expect(after.body).toEqual(before.body);
  });

  it('let an admin in, by the role on the account record: integer ids', async () => {
    const list = await call('adminListStyles', { token: admin.token });
    const styles = list.body as unknown as { id: number; is_active: boolean }[];
    expect(styles.length).toBeGreaterThan(0);
    expect(styles.every((s) => Number.isInteger(s.id) && typeof s.is_active === 'boolean')).toBe(true);
  });
});

describe('admin style changes', () => {
  it('create a style with an integer id, trimmed values and the defaults (cost 1, active, square)', async () => {
    const name = `  Défauts ${Date.now()}  `;
    const res = await call('adminCreateStyle', {
      token: admin.token,
      body: { name, category: ' Tests ', prompt: ' Un prompt ' },
    });
    expect(res.status).toBe(200);
    expect(Number.isInteger(res.body.id)).toBe(true);
    expect(res.body).toMatchObject({
      name: name.trim(),
      category: 'Tests',
      prompt: 'Un prompt',
      description: '',
      image_url: '',
      token_cost: 1,
      is_active: true,
      format: 'square',
    });
    const next = await call('adminCreateStyle', { token: admin.token, body: styleBody() });
    expect(next.body.id as number).toBeGreaterThan(res.body.id as number);
  });

  it.each([
    ['no name', { name: undefined }, STYLE_MESSAGES.nameRequired],
    ['a blank name', { name: '   ' }, STYLE_MESSAGES.nameRequired],
    ['a blank category', { category: ' ' }, STYLE_MESSAGES.categoryRequired],
    ['no prompt', { prompt: undefined }, STYLE_MESSAGES.promptRequired],
    ['a cost of 0', { token_cost: 0 }, STYLE_MESSAGES.tokenCostMin],
    ['a negative cost', { token_cost: -3 }, STYLE_MESSAGES.tokenCostMin],
    ['a cost of 1.5', { token_cost: 1.5 }, STYLE_MESSAGES.tokenCostInteger],
    ['a cost as text', { token_cost: 'deux' }, STYLE_MESSAGES.tokenCostMin],
    ['an unknown format', { format: 'landscape' }, STYLE_MESSAGES.formatInvalid],
    ['an http picture', { image_url: 'http://images.example.test/a.png' }, STYLE_MESSAGES.imageUrlInvalid],
    ['a javascript: picture', { image_url: 'javascript:alert(1)' }, STYLE_MESSAGES.imageUrlInvalid],
  ])('refuse %s with the form’s French message (400)', async (_, change, message) => {
    const body: Record<string, unknown> = { ...styleBody(), ...change };
    for (const [k, v] of Object.entries(change)) if (v === undefined) delete body[k];
    const res = await call('adminCreateStyle', { token: admin.token, body });
    expect(res).toMatchObject({ status: 400, body: { msg: message } });
    const update = await call('adminUpdateStyle', { token: admin.token, params: { id: '1' }, body });
    expect(update).toMatchObject({ status: 400, body: { msg: message } });
  });

  it('edit a style (the list shows the change) and answer 404 for a style that is not there', async () => {
    const created = (await call('adminCreateStyle', { token: admin.token, body: styleBody() })).body;
    const body = { ...styleBody(), token_cost: 4, is_active: false, format: 'portrait' };
    const updated = await call('adminUpdateStyle', {
      token: admin.token,
      params: { id: String(created.id) },
      body,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.id, name: body.name, token_cost: 4, is_active: false });
    const list = (await call('adminListStyles', { token: admin.token })).body as unknown as { id: number }[];
    expect(list.find((s) => s.id === created.id)).toEqual(updated.body);
    for (const id of ['999999999', 'abc', '0', '1.5']) {
      const missing = await call('adminUpdateStyle', { token: admin.token, params: { id }, body });
      expect(missing.status, id).toBe(404);
      expect(missing.body.msg, id).toMatch(/^Le style .* n'existe pas\.$/);
    }
  });

  it('delete a style: gone from the admin list and the create screen, kept in the audit log, 404 the second time', async () => {
    const created = (await call('adminCreateStyle', { token: admin.token, body: styleBody() })).body;
    const ids = async () =>
      ((await call('listStyles', { token: admin.token })).body.styles as { id: number }[]).map((s) => s.id);
    expect(await ids()).toContain(created.id);
    const del = await call('adminDeleteStyle', { token: admin.token, params: { id: String(created.id) } });
    expect(del).toMatchObject({ status: 200, body: { success: true } });
    const adminIds = (
      (await call('adminListStyles', { token: admin.token })).body as unknown as { id: number }[]
    ).map((s) => s.id);
    expect(adminIds).not.toContain(created.id);
    expect(await ids()).not.toContain(created.id);
    const again = await call('adminDeleteStyle', { token: admin.token, params: { id: String(created.id) } });
    expect(again.status).toBe(404);
    const log = await call('adminStyleAudit', { token: admin.token });
    const entries = log.body.entries as { action: string; style_id: number }[];
    expect(entries.find((e) => e.action === 'delete' && e.style_id === created.id)).toMatchObject({
      actor: { email: admin.email },
      before: created,
      after: null,
    });
  });
});
