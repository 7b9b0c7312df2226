// Who is an admin is decided on every request, from the account record (roles an operator granted) and
// the stage's ADMIN_EMAILS setting as it is now.
import { describe, expect, it } from 'vitest';
import { readConfig, sessionConfig, tableConfig } from '#platform/config.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { buildSessionResolver } from '../../functions/accounts/account-wiring.ts';
import { DynamoAccountStore } from '../../functions/accounts/dynamodb/account-store.ts';
import { setAdminRole } from '../../infra/ops/admin-role.ts';
import { activatedUser, callRoute, stack } from '../support/api.ts';

const resolverWith = (adminEmails: string[]) => {
  const s = stack();
  const config = readConfig([tableConfig, sessionConfig], {
    STAGE: 'local',
    TABLE_NAME: s.tableName,
    DYNAMODB_ENDPOINT: s.dynamoEndpoint,
    JWT_SECRET: s.jwtSecret,
    ADMIN_EMAILS: adminEmails.join(','),
  });
  return buildSessionResolver(config);
};

const operator = (action: 'grant' | 'revoke', email: string) =>
  setAdminRole([action, email, '--table', stack().tableName, '--endpoint', stack().dynamoEndpoint]);

describe('the admin role', () => {
  it('follows the ADMIN_EMAILS setting: removing an email takes the role away', async () => {
    const { email, token } = await activatedUser();
    expect((await (await resolverWith([email]))(token)).role).toBe('admin');
    expect((await (await resolverWith([]))(token)).role).toBe('user');
  });

  it('is never written to the record from the setting at signup', async () => {
    // The test stack lists admin@example.test in ADMIN_EMAILS.
    const store = new DynamoAccountStore(createDocumentClient(stack().dynamoEndpoint), stack().tableName);
    const existing = await store.findByEmail('admin@example.test');
    if (!existing) await activatedUser('admin@example.test');
    expect((await store.findByEmail('admin@example.test'))?.role).toBe('user');
  });

  it('is granted and revoked by the operator command', async () => {
    const { email, token } = await activatedUser();
    const resolve = await resolverWith([]);
    expect(await operator('grant', email.toUpperCase())).toBe(`${email} is now an admin.`);
    expect((await resolve(token)).role).toBe('admin');
    // The account page learns it from /user_info, to link to the styles manager.
    expect((await callRoute('userInfo', { token })).body.is_admin).toBe(true);
    await operator('revoke', email);
    expect((await resolve(token)).role).toBe('user');
    expect((await callRoute('userInfo', { token })).body).not.toHaveProperty('is_admin');
    await expect(operator('grant', 'nobody-here@example.test')).rejects.toThrow(
      'No account has the email nobody-here@example.test.',
    );
    await expect(setAdminRole(['promote', email])).rejects.toThrow(/Usage/);
  });
});
