// Data export (privacy page: right of access), through the routes and the stack's own job function: a ZIP,
// announced by an emailed link, whose contents match what the account holds: account record, token history,
// consents, photos and avatars.
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { callRoute, mailsTo, newEmail, stack } from '../support/api.ts';
import { createLocalAccount } from '../support/local-account.ts';
import { bucketClient, bucketKeys, uploadDirect } from '../support/photos.ts';
import { exportReady } from '../support/privacy-jobs.ts';
import { ledger, pay, startCheckout } from '../support/stripe.ts';
import { testPhoto } from '../support/test-images.ts';

const userIdOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as { sub: string }).sub;

async function objectBytes(key: string): Promise<Buffer> {
  const res = await bucketClient().send(new GetObjectCommand({ Bucket: stack().mediaBucket, Key: key }));
  return Buffer.from(
    await (res.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
  );
}

const text = (bytes: Uint8Array | undefined) => JSON.parse(new TextDecoder().decode(bytes)) as unknown;

describe('exporting my data', () => {
  it('emails a link to a ZIP holding the account, ledger, consents, photos and avatars', async () => {
    const email = newEmail('export');
    const token = await createLocalAccount(stack(), email, { lang: 'fr' });
    const userId = userIdOf(token);
    await callRoute('photoConsent', { token, body: { processing: true, rights: true } });
    await uploadDirect(token, [{ name: 'selfie.jpg', bytes: await testPhoto() }]);
    await pay(await startCheckout(token, 'pack-10', 10));
    const avatar = Buffer.from('an avatar result');
    await bucketClient().send(
      new PutObjectCommand({ Bucket: stack().mediaBucket, Key: `results/${userId}/a1.png`, Body: avatar }),
    );

    const res = await callRoute('exportAccountData', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe('We are preparing your export: we will email you a link when it is ready.');
    expect(res.body.export.state).toBe('queued');
    const ready = await exportReady(token);
    expect(ready.id).toBe(res.body.export.id);
    const mail = (await mailsTo(email)).find((m) => m.subject === 'Votre export de données Aivatar est prêt');
    expect(mail).toBeDefined();
    const link = new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] as string);
    expect(link.pathname).toBe('/fr/app/account');
    const exportId = link.searchParams.get('export') as string;

    const download = await callRoute('accountExportDownload', { token, params: { exportId } });
    expect(download.status).toBe(200);
    const zipRes = await fetch(download.body.url);
    expect(zipRes.status).toBe(200);
    const zipBytes = new Uint8Array(await zipRes.arrayBuffer());
    expect(zipBytes.byteLength).toBe(download.body.size);
    const files = unzipSync(zipBytes);

    const account = text(files['account.json']) as Record<string, unknown>;
    expect(account).toMatchObject({ id: userId, email, lang: 'fr', tokens_ltd: 12 });
    expect(account).not.toHaveProperty('password_hash');
    const info = await callRoute('userInfo', { token });
    expect(account.tokens_ltd).toBe(info.body.tokens_ltd);

    const exportedLedger = text(files['ledger.json']) as { entry_id: string; amount: number }[];
    const shown = await ledger(token);
    expect(exportedLedger.map((e) => e.entry_id).sort()).toEqual(shown.map((e) => e.id).sort());
    expect(exportedLedger.map((e) => e.amount).sort()).toEqual(shown.map((e) => e.amount).sort());

    const consents = text(files['consents.json']) as { photo_consent: Record<string, unknown> };
    expect(consents.photo_consent).toMatchObject({ processing: true, rights: true });

    const photoKeys = (await bucketKeys(`photos/${userId}/`)).sort();
    expect(photoKeys).toHaveLength(1);
    const photoNames = Object.keys(files).filter((f) => f.startsWith('photos/'));
    expect(photoNames).toEqual(photoKeys.map((k) => `photos/${k.split('/').at(-1)}`));
    expect(Buffer.from(files[photoNames[0] as string] as Uint8Array)).toEqual(
      await objectBytes(photoKeys[0] as string),
    );
    expect(Buffer.from(files['avatars/a1.png'] as Uint8Array)).toEqual(avatar);
    const records = text(files['records.json']) as { type: string }[];
    expect(records.map((r) => r.type)).toEqual(expect.arrayContaining(['PHOTO', 'CHECKOUT', 'CUSTOMER']));
    // The photo was measured: the export says so and why, without the measurement itself.
    const photoRecord = records.find((r) => r.type === 'PHOTO') as Record<string, unknown>;
    expect(photoRecord.face_check).toEqual({
      measured: true,
      note: expect.stringContaining('biometric data: it is not exported'),
    });
    expect(photoRecord.face).toBeUndefined();
    for (const [name, bytes] of Object.entries(files).filter(([n]) => n.endsWith('.json'))) {
      expect(Buffer.from(bytes as Uint8Array).toString('utf8'), name).not.toContain('descriptor');
    }
    // Thumbnails and leftovers are not the user's data twice.
    expect(Object.keys(files).some((f) => f.includes('.webp'))).toBe(false);
  });

  it("another account cannot download someone else's export", async () => {
    const owner = await createLocalAccount(stack(), newEmail('export'));
    const intruder = await createLocalAccount(stack(), newEmail('export'));
    expect((await callRoute('exportAccountData', { token: owner })).status).toBe(200);
    await exportReady(owner);
    const key = (await bucketKeys(`exports/${userIdOf(owner)}/`))[0] as string;
    const exportId = key.split('/').at(-1)?.replace('.zip', '') as string;
    expect((await callRoute('accountExportDownload', { token: owner, params: { exportId } })).status).toBe(
      200,
    );
    const res = await callRoute('accountExportDownload', { token: intruder, params: { exportId } });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('This export has expired or does not exist.');
  });
});
