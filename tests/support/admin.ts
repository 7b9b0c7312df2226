// Admins for the admin styles tests: a new account the operator command grants the role to, as
// `npm run admin-role -- grant <email>` does.
import { setAdminRole } from '../../infra/ops/admin-role.ts';
import { activatedUser, callRoute, stack } from './api.ts';
import { multipartBody } from './photos.ts';

export async function adminUser(): Promise<{ email: string; token: string }> {
  const user = await activatedUser();
  await setAdminRole([
    'grant',
    user.email,
    '--table',
    stack().tableName,
    '--endpoint',
    stack().dynamoEndpoint,
  ]);
  return user;
}

/** POST /api/admin/styles/import with `bytes` as the form field `file`, as the Import panel sends it. */
export async function importFile(token: string, bytes: Buffer, name = 'styles.json', field = 'file') {
  const { body, contentType } = await multipartBody([
    { field, file: { name, bytes, type: 'application/json' } },
  ]);
  return callRoute('adminImportStyles', { token, rawBody: body, headers: { 'content-type': contentType } });
}

export const importJson = (token: string, value: unknown) =>
  importFile(token, Buffer.from(JSON.stringify(value)));

let counter = 0;
/** A valid style body with a name no other test uses. */
export function styleBody(over: Record<string, unknown> = {}) {
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
