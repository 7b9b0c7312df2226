// The one DynamoDB table, described once for the CDK stack, the local stand-in and the functions' keys.
//
// Key design: every item that belongs to a user is reachable by key, so serving a user (and deleting or
// exporting them) never reads another user's items (docs/data-model.md, "Whose items, by key").
// 1. The user's own partition, `pk = USER#<id>`: account, photos, ledger, tasks, batches, exports, counters.
//    One Query reads all of it, page by page.
// 2. Items that must live under another key (their key is what makes them unique: an email claim, a login
//    link, a Stripe customer, checkout, payment, invoice or subscription, a Google subject, an idempotency
//    record, a rate counter) carry `owned_by`, and the sparse index `owned` lists them by owner:
//    `owned_by = USER#<id>` for the account's items, `owned_by = EMAIL#<address>` for counters keyed by
//    the address (written before anyone signs in). Items without `owned_by` are not in the index.
// Not owned by anyone, on purpose: BONUS# (a mailbox's hash, outlives the account), EVENT#, GOOGLE_ATTEMPT#
// (before sign-in), the stage-wide counters and styles, and a deletion job's record once it has finished.
/**
 * Days of point-in-time recovery on the table (the most DynamoDB keeps): what is deleted from the table stays
 * restorable this long. The privacy page says so, from this figure.
 */
export const BACKUP_DAYS = 35;

export const TABLE_DESIGN = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expires_at',
  globalIndexes: [
    {
      /** pending avatar tasks by deadline (the sweeper), and privacy jobs by their next check */
      name: 'gsi1',
      partitionKey: 'gsi1pk',
      sortKey: 'gsi1sk',
      projection: 'ALL',
    },
    {
      /** a user's items kept outside their partition: keys only, read back by key when needed */
      name: 'owned',
      partitionKey: 'owned_by',
      sortKey: undefined,
      projection: 'KEYS_ONLY',
    },
  ],
} as const satisfies {
  partitionKey: string;
  sortKey: string;
  ttlAttribute: string;
  globalIndexes: readonly {
    name: string;
    partitionKey: string;
    sortKey: string | undefined;
    projection: 'ALL' | 'KEYS_ONLY';
  }[];
};

/** The sparse index of items kept outside their owner's partition, and the attribute it is keyed by. */
export const OWNER_INDEX = TABLE_DESIGN.globalIndexes[1];

/** Buckets the product stores files in; locally they are created on the S3-compatible server. */
export const BUCKETS = { media: 'media' } as const;

/**
 * Every prefix of the media bucket that holds users' files, each under `<prefix><userId>/`: a user's files
 * are listed (export) and deleted (account deletion) by these prefixes, and the deletion job is granted
 * exactly these. A function that writes a user's files elsewhere fails tests/infra/privacy-jobs.test.ts.
 */
export const USER_FILE_PREFIXES = [
  'uploads/',
  'photos/',
  'thumbs/',
  'results/',
  'result-thumbs/',
  'result-sizes/',
  'archives/',
  'exports/',
] as const;
