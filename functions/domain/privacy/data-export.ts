// Data export (the privacy page's right of access and portability): one ZIP with the account record,
// the token history, the consents, every other record kept for the account (tasks...), the photos and the
// avatars. It is stored for EXPORT_DAYS and the account's email gets a link to the account page.
import { zipSync } from 'fflate';
import { DomainError } from '../errors.ts';
import type { User } from '../ports.ts';
import { accountPageLink } from './account-deletion.ts';
import { privacyEmail } from './emails.ts';
import type { ExportRecord, PrivacyDeps, StoredItem } from './ports.ts';

export const EXPORT_DAYS = 7;

/** Attributes never exported: secrets and bookkeeping that describe nothing about the user. */
const NOT_EXPORTED = new Set([
  'pk',
  'sk',
  'gsi1pk',
  'gsi1sk',
  'password_hash',
  'session_version',
  'code_hash',
]);

/** Media prefixes that hold copies or leftovers, not the user's own photos or avatars. */
const SKIPPED_PREFIXES = ['thumbs/', 'uploads/', 'exports/', 'result-thumbs/', 'archives/'];

/** Item types not listed in records.json: listed elsewhere, or bookkeeping (links, counters, this export). */
const NOT_RECORDS = new Set(['PROFILE', 'LEDGER', 'EXPORT', 'ERASE_LINK', 'LINK', 'RATE', 'BUDGET', 'EMAIL']);

const clean = (item: StoredItem): Record<string, unknown> =>
  Object.fromEntries(Object.entries(item).filter(([k]) => !NOT_EXPORTED.has(k)));

/**
 * What the export says of a photo's face check instead of the measurement: the descriptor is biometric data,
 * kept on the photo's record only and never exported (the privacy page says so).
 */
export const FACE_CHECK_NOTE =
  'Measured when uploaded, to check that the photo shows one clearly visible face and to score the likeness of your avatars. The measurement (128 numbers that describe the face) is biometric data: it is not exported, and it is deleted with the photo.';

/** A record as exported: without secrets and bookkeeping, and a photo's face as a statement, not numbers. */
function exported(type: string, item: StoredItem): Record<string, unknown> {
  const { face, ...rest } = clean(item);
  if (type !== 'PHOTO') return { type, ...rest };
  return {
    type,
    ...rest,
    face_check: face ? { measured: true, note: FACE_CHECK_NOTE } : { measured: false },
  };
}

const json = (value: unknown): Uint8Array => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/** Where a media object goes in the ZIP: photos/<name>, avatars/<name>, or nowhere. */
export function archivePathOf(key: string, userId: string): string | null {
  const [prefix, owner, ...rest] = key.split('/');
  if (!prefix || owner !== userId || !rest.length || SKIPPED_PREFIXES.includes(`${prefix}/`)) return null;
  return `${prefix === 'photos' ? 'photos' : 'avatars'}/${rest.join('/')}`;
}

export interface ExportContents {
  account: Record<string, unknown>;
  consents: Record<string, unknown>;
  ledger: Record<string, unknown>[];
  records: Record<string, unknown>[];
}

export function exportContents(user: User, items: readonly StoredItem[]): ExportContents {
  const own = items.filter((i) => i.pk === `USER#${user.id}`);
  const profile = own.find((i) => i.sk === 'PROFILE') ?? {};
  const { photo_consent, delete_photos_after_generation, ...account } = clean(profile as StoredItem);
  return {
    account,
    consents: {
      photo_consent: photo_consent ?? null,
      delete_photos_after_generation: delete_photos_after_generation ?? false,
      terms_accepted_at_signup: true,
    },
    ledger: own.filter((i) => i.sk.startsWith('LEDGER#')).map(clean),
    // Everything else kept for the account (tasks, photo records, purchases, subscription...).
    records: items
      .map((i) => ({ type: (i.pk === `USER#${user.id}` ? i.sk : i.pk).split('#')[0] as string, item: i }))
      .filter(({ type }) => !NOT_RECORDS.has(type))
      .map(({ type, item }) => exported(type, item)),
  };
}

export async function exportAccountData(deps: PrivacyDeps, user: User): Promise<ExportRecord> {
  const items = await deps.data.findUserItems(user);
  const contents = exportContents(user, items);
  const entries: Record<string, [Uint8Array, { level: 0 | 6 }]> = {
    'account.json': [json(contents.account), { level: 6 }],
    'consents.json': [json(contents.consents), { level: 6 }],
    'ledger.json': [json(contents.ledger), { level: 6 }],
    'records.json': [json(contents.records), { level: 6 }],
  };
  for (const key of await deps.files.listUserFiles(user.id)) {
    const path = archivePathOf(key, user.id);
    // Images are compressed already: stored as they are.
    if (path) entries[path] = [await deps.files.read(key), { level: 0 }];
  }
  const zip = zipSync(entries);
  const now = deps.clock.now();
  const id = deps.ids.newId();
  const record: ExportRecord = {
    id,
    key: await deps.files.putExport(user.id, id, zip),
    size: zip.byteLength,
    createdAt: now,
    expiresAt: now + EXPORT_DAYS * 86_400,
  };
  await deps.data.saveExport(user.id, record);
  deps.metrics.record('DataExports');
  await deps.mailer.send(
    privacyEmail(
      user.email,
      user.lang,
      'exportReady',
      accountPageLink(deps.webUrl, user.lang, { export: id }),
    ),
  );
  return record;
}

/** A fresh download address for one of the user's exports; another user's id is simply not found. */
export async function exportDownload(deps: PrivacyDeps, user: User, exportId: string) {
  const record = await deps.data.getExport(user.id, exportId, deps.clock.now());
  if (!record) throw new DomainError('NOT_FOUND', 'This export has expired or does not exist.');
  const date = new Date(record.createdAt * 1000).toISOString().slice(0, 10);
  return {
    url: await deps.files.downloadUrl(record.key, `aivatar-data-${date}.zip`),
    size: record.size,
    created_at: record.createdAt,
    expires_at: record.expiresAt,
  };
}
