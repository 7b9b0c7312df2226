// functions/platform/http/group-handler.ts: a group's entry is built from its area's routes (shared/api/<area>.ts),
// so a function bundles its own area's schemas. Given the wrong table, the entry refuses to build instead of
// answering 404 to routes it was meant to serve.
import { describe, expect, it } from 'vitest';
import { groupHandler } from '#platform/http/group-handler.ts';
import { accountsRoutes } from '#shared/api/accounts.ts';
import { billingRoutes } from '#shared/api/billing.ts';

const options = { originSecret: null, webOrigin: null };
const noSession = () => Promise.reject(new Error('no session in this test'));
const handlerFor = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, async () => ({})])) as never;
const billingIds = Object.entries(billingRoutes)
  .filter(([, r]) => r.group === 'billing')
  .map(([id]) => id);

describe('groupHandler', () => {
  it("builds from the area's table, with a handler for each of the group's routes", () => {
    expect(billingIds.length).toBeGreaterThan(0);
    expect(typeof groupHandler('billing', billingRoutes, handlerFor(billingIds), noSession, options)).toBe(
      'function',
    );
  });

  it("refuses another area's table: the handlers would have no route", () => {
    expect(() => groupHandler('billing', accountsRoutes, handlerFor(billingIds), noSession, options)).toThrow(
      `Handler ${billingIds[0]} has no route of group billing in the table given`,
    );
  });

  it('refuses a route of the group without its handler', () => {
    const [missing, ...rest] = billingIds;
    expect(() => groupHandler('billing', billingRoutes, handlerFor(rest), noSession, options)).toThrow(
      `Route ${missing} (`,
    );
  });
});
