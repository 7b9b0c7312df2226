// The admin styles API (issue 11): only admins (from the account record) reach it, the form's rules are
// the server's, with the same French messages, ids are integers, and every change lands in the audit log.
import { describe, expect, it } from 'vitest';
import { STYLE_MESSAGES } from '../../shared/admin-style-rules.ts';
import { type ApiRoute, apiRoutes, buildPath, type RouteId } from '../../shared/api-routes.ts';
import { adminUser, importJson, styleBody } from '../support/admin.ts';
import { activatedUser, callRoute, request } from '../support/api.ts';

const adminRouteIds = (Object.entries(apiRoutes) as [RouteId, ApiRoute][])
  .filter(([, r]) => r.access === 'admin')
  .map(([id]) => id);

describe('admin routes (BFLA)', () => {
  it('answer 401 without a session and 403 to a signed-in user, on every admin route', async () => {
    expect(adminRouteIds.length).toBeGreaterThanOrEqual(9);
    const user = await activatedUser();
    for (const id of adminRouteIds) {
      const r = apiRoutes[id] as ApiRoute;
      const path = buildPath(r.path, { id: '1' });
      const body = r.request && r.request !== 'multipart' ? {} : undefined;
      const anonymous = await request(r.method, path, body ? { body } : {});
      expect(anonymous.status, `${id} without a session`).toBe(401);
      const asUser = await request(r.method, path, { token: user.token, ...(body ? { body } : {}) });
      expect(asUser.status, `${id} as a user`).toBe(403);
      expect((asUser.body as { code: string }).code).toBe('FORBIDDEN');
    }
  });

  it('refuse a user the export, and change nothing for them', async () => {
    const user = await activatedUser();
    const admin = await adminUser();
    const before = await callRoute('adminListStyles', { token: admin.token });
    expect((await callRoute('adminExportStyles', { token: user.token })).status).toBe(403);
    expect((await callRoute('adminCreateStyle', { token: user.token, body: styleBody() })).status).toBe(403);
    const first = before.body[0];
    if (!first) throw new Error('the seeded catalogue is empty');
    expect(
      (await callRoute('adminDeleteStyle', { token: user.token, params: { id: String(first.id) } })).status,
    ).toBe(403);
    const after = await callRoute('adminListStyles', { token: admin.token });
    expect(after.body.find((s) => s.id === first.id)).toEqual(first);
  });

  it('let an admin in, by the role on the account record', async () => {
    const admin = await adminUser();
    const list = await callRoute('adminListStyles', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    expect(list.body.every((s) => Number.isInteger(s.id) && typeof s.is_active === 'boolean')).toBe(true);
  });
});

describe('admin style changes', () => {
  it('create a style with an integer id, trimmed values and the defaults (cost 1, active, square)', async () => {
    const admin = await adminUser();
    const name = `  Défauts ${Date.now()}  `;
    const res = await callRoute('adminCreateStyle', {
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
    const next = await callRoute('adminCreateStyle', { token: admin.token, body: styleBody() });
    expect(next.body.id).toBeGreaterThan(res.body.id);
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
  ])('refuse %s with the form’s French message', async (_, change, message) => {
    const admin = await adminUser();
    const body: Record<string, unknown> = { ...styleBody(), ...change };
    for (const [k, v] of Object.entries(change)) if (v === undefined) delete body[k];
    const res = await callRoute('adminCreateStyle', { token: admin.token, body: body as never });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(message);
    const update = await callRoute('adminUpdateStyle', {
      token: admin.token,
      params: { id: '1' },
      body: body as never,
    });
    expect(update.body.msg).toBe(message);
  });

  it('edit a style (the list shows the change) and answer 404 for a style that is not there', async () => {
    const admin = await adminUser();
    const created = (await callRoute('adminCreateStyle', { token: admin.token, body: styleBody() })).body;
    const body = { ...styleBody(), token_cost: 4, is_active: false, format: 'portrait' as const };
    const updated = await callRoute('adminUpdateStyle', {
      token: admin.token,
      params: { id: String(created.id) },
      body,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.id, name: body.name, token_cost: 4, is_active: false });
    const list = await callRoute('adminListStyles', { token: admin.token });
    expect(list.body.find((s) => s.id === created.id)).toEqual(updated.body);
    for (const id of ['999999999', 'abc', '0', '1.5']) {
      const missing = await callRoute('adminUpdateStyle', { token: admin.token, params: { id }, body });
      expect(missing.status, id).toBe(404);
    }
  });

  it('delete a style: gone from the admin list and the create screen, kept in the audit log', async () => {
    const admin = await adminUser();
    const created = (await callRoute('adminCreateStyle', { token: admin.token, body: styleBody() })).body;
    expect((await callRoute('listStyles', { token: admin.token })).body.styles.map((s) => s.id)).toContain(
      created.id,
    );
    const del = await callRoute('adminDeleteStyle', {
      token: admin.token,
      params: { id: String(created.id) },
    });
    expect(del).toMatchObject({ status: 200, body: { success: true } });
    expect((await callRoute('adminListStyles', { token: admin.token })).body.map((s) => s.id)).not.toContain(
      created.id,
    );
    expect(
      (await callRoute('listStyles', { token: admin.token })).body.styles.map((s) => s.id),
    ).not.toContain(created.id);
    const again = await callRoute('adminDeleteStyle', {
      token: admin.token,
      params: { id: String(created.id) },
    });
    expect(again.status).toBe(404);
    const log = await callRoute('adminStyleAudit', { token: admin.token });
    const entry = log.body.entries.find((e) => e.action === 'delete' && e.style_id === created.id);
    expect(entry).toMatchObject({ actor: { email: admin.email }, before: created, after: null });
  });

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
  it('keeps every edit of concurrent admins, each audit entry starting from the one before', async () => {
    const admin = await adminUser();
    const created = (await callRoute('adminCreateStyle', { token: admin.token, body: styleBody() })).body;
    const id = String(created.id);
    const results = await Promise.all(
      [3, 4, 5].map((cost) =>
        callRoute('adminUpdateStyle', {
          token: admin.token,
          params: { id },
          body: { ...styleBody(), token_cost: cost },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const updates = (await callRoute('adminStyleAudit', { token: admin.token })).body.entries
      .filter((e) => e.style_id === created.id && e.action === 'update')
      .reverse();
    expect(updates).toHaveLength(3);
    expect(updates[0]?.before).toEqual(created);
    for (let i = 1; i < updates.length; i++) expect(updates[i]?.before).toEqual(updates[i - 1]?.after);
    const final = (await callRoute('adminListStyles', { token: admin.token })).body.find(
      (s) => s.id === created.id,
    );
    expect(final).toEqual(updates[2]?.after);
  });
});
