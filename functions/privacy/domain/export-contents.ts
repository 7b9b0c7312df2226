// What a data export holds (the privacy page's right of access and portability): one JSON file per section
// (the account record, the consents, the token history, every other record kept for the account) and the
// photos and avatars. A new section is one field of ExportContents and its file name in EXPORT_FILES.
import { type LedgerLink, ledgerOrder } from '../../accounts/public.ts';
import type { StoredItem } from './ports.ts';

/** Attributes never exported: secrets and bookkeeping that describe nothing about the user. */
const NOT_EXPORTED = new Set([
  'pk',
  'sk',
  'gsi1pk',
  'gsi1sk',
  'owned_by',
  'password_hash',
  'session_version',
  'code_hash',
  'deletion_job',
]);

/** Media prefixes that hold copies or leftovers, not the user's own photos or avatars. */
const SKIPPED_PREFIXES = ['thumbs/', 'uploads/', 'exports/', 'result-thumbs/', 'result-sizes/', 'archives/'];

/** Item types not listed in records.json: listed elsewhere, or bookkeeping (links, counters, this export). */
const NOT_RECORDS = new Set([
  'PROFILE',
  'LEDGER',
  'EXPORT',
  'ERASE_LINK',
  'LINK',
  'RATE',
  'BUDGET',
  'EMAIL',
  'LIKENESS_DAY',
]);

const clean = (item: StoredItem): Record<string, unknown> =>
  Object.fromEntries(Object.entries(item).filter(([k]) => !NOT_EXPORTED.has(k)));

/**
 * What the export says of a photo's face check instead of the measurement: the descriptor is biometric data,
 * kept on the photo's record only and never exported (the privacy page says so).
 */
export const FACE_CHECK_NOTE =
  'Measured when uploaded, to check that the photo shows one clearly visible face and to score the likeness of your avatars. The measurement (128 numbers that describe the face) is biometric data: it is not exported, and it is deleted with the photo.';

/**
 * A record as exported: without secrets and bookkeeping, a photo's face as a statement, not numbers, and a
 * task's face as the gallery shows it (its face_box): the landmarks its avatar's edits mask with are the
 * worker's geometry, never shown (docs/generation.md, "Edits of a finished avatar").
 */
function exported(type: string, item: StoredItem): Record<string, unknown> {
  const { face, ...rest } = clean(item);
  if (type === 'TASK') {
    const { face_landmarks: _landmarks, ...task } = rest;
    return { type, ...task };
  }
  if (type !== 'PHOTO') return { type, ...rest };
  return {
    type,
    ...rest,
    face_check: face ? { measured: true, note: FACE_CHECK_NOTE } : { measured: false },
  };
}

/** Where a media object goes in the ZIP: photos/<name>, avatars/<name>, or nowhere. */
export function archivePathOf(key: string, userId: string): string | null {
  const [prefix, owner, ...rest] = key.split('/');
  if (!prefix || owner !== userId || !rest.length || SKIPPED_PREFIXES.includes(`${prefix}/`)) return null;
  return `${prefix === 'photos' ? 'photos' : 'avatars'}/${rest.join('/')}`;
}

/**
 * The ZIP paths of avatars the likeness guarantee refunded and withholds (not kept: docs/faces.md, "The
 * guarantee"): their records are exported, their pixels are not, as no other route serves them.
 */
export function withheldAvatarPaths(items: readonly StoredItem[]): Set<string> {
  const paths = new Set<string>();
  for (const i of items) {
    if (!i.sk.startsWith('TASK#') || i.status !== 'DONE' || typeof i.result_file !== 'string') continue;
    if (i.likeness_refunded === true && i.kept_at === undefined) paths.add(`avatars/${i.result_file}`);
  }
  return paths;
}

export interface ExportContents {
  account: Record<string, unknown>;
  consents: Record<string, unknown>;
  ledger: Record<string, unknown>[];
  records: Record<string, unknown>[];
}

/** The JSON file each section is written to, at the ZIP's root. */
export const EXPORT_FILES: Record<keyof ExportContents, string> = {
  account: 'account.json',
  consents: 'consents.json',
  ledger: 'ledger.json',
  records: 'records.json',
};

/**
 * A stored ledger entry as ledgerOrder reads it: its second from the sort key (LEDGER#<seconds>#...) when the
 * item has no created_at; an amount or balance that is not a number chains to nothing (NaN equals nothing).
 */
function storedLedgerLink(item: StoredItem): LedgerLink {
  return {
    pool: String(item.pool),
    amount: Number(item.amount),
    balanceAfter: Number(item.balance_after),
    createdAt: typeof item.created_at === 'number' ? item.created_at : Number(item.sk.split('#')[1]),
  };
}

/** The sections, from every item of the user: their partition and the items kept elsewhere. */
export function exportContents(userId: string, items: readonly StoredItem[]): ExportContents {
  const partition = `USER#${userId}`;
  const own = items.filter((i) => i.pk === partition);
  const profile: Record<string, unknown> = own.find((i) => i.sk === 'PROFILE') ?? {};
  const { photo_consent, delete_photos_after_generation, ...account } = clean(profile as StoredItem);
  return {
    account,
    consents: {
      photo_consent: photo_consent ?? null,
      delete_photos_after_generation: delete_photos_after_generation ?? false,
      terms_accepted_at_signup: true,
    },
    ledger: ledgerOrder(
      own.filter((i) => i.sk.startsWith('LEDGER#')),
      storedLedgerLink,
      // An account opens with no tokens in either pool, and holds its profile's balances now.
      {
        opening: { ltd: 0, subscription: 0 },
        closing: { ltd: Number(profile.tokens_ltd), subscription: Number(profile.tokens_subscription) },
      },
    ).map(clean),
    // Everything else kept for the account (tasks, photo records, purchases, subscription...).
    records: items
      .map((i) => ({ type: (i.pk === partition ? i.sk : i.pk).split('#')[0] as string, item: i }))
      .filter(({ type }) => !NOT_RECORDS.has(type))
      .map(({ type, item }) => exported(type, item)),
  };
}
