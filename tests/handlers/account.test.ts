// The account group's handler in-process: the privacy routes' refusals and what a new account reads.
// The jobs themselves (the queue, the privacy job function) are the integration tests'.
import { describe, expect, it } from 'vitest';
import { call, signedInUser } from '../support/handler-events.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('the privacy routes', () => {
  it('answer 404 for an export or a deletion that is not there', async () => {
    const { token } = await signedInUser();
    expect(await call('accountExportDownload', { token, params: { exportId: UNKNOWN } })).toMatchObject({
      status: 404,
      body: { msg: 'This export has expired or does not exist.' },
    });
    // Public: the unguessable id is the key.
    expect(await call('accountDeletionStatus', { params: { deletionId: UNKNOWN } })).toMatchObject({
      status: 404,
      body: { msg: 'This account deletion is unknown or its record has expired.' },
    });
    expect(await call('latestAccountExport', { token })).toMatchObject({
      status: 200,
      body: { export: null },
    });
  });

  it('refuse a deletion confirmed with neither or both of the password and the link (400)', async () => {
    const { token } = await signedInUser();
    const message = 'Confirm the deletion with your password or with the link we email you.';
    expect(await call('deleteAccount', { token, body: {} })).toMatchObject({
      status: 400,
      body: { msg: message },
    });
    expect(
      await call('deleteAccount', { token, body: { password: 'a password 123', code: 'x'.repeat(20) } }),
    ).toMatchObject({ status: 400, body: { msg: message } });
  });
});
