// What deleting and exporting an account needs, as ports: the adapters find every stored item and file of
// a user generically, so item types and media prefixes added later are covered without changing this code.

import type { Metrics } from '../metrics.ts';
import type { Clock, Ids, Mailer, PasswordHasher, RateLimiter, User } from '../ports.ts';

/** A stored item as the table holds it (keys and attributes). */
export interface StoredItem {
  pk: string;
  sk: string;
  [attribute: string]: unknown;
}

export interface PersonalDataStore {
  /**
   * Every item of the user: their whole partition (`USER#<id>`: account, photos, ledger, tasks, counters...)
   * and every item keyed elsewhere that belongs to them (an attribute user_id equal to theirs, or a key
   * naming their id or their email: email claim, login links, billing records, rate counters). The
   * signup-bonus claim is neither: keyed by the mailbox's hash, it outlives the account.
   */
  findUserItems(user: Pick<User, 'id' | 'email'>): Promise<StoredItem[]>;
  deleteItems(items: readonly Pick<StoredItem, 'pk' | 'sk'>[]): Promise<void>;
  /**
   * Signs out every session and marks the account as being deleted, provided the session version is still
   * the one the confirmation was checked against; false otherwise.
   */
  startDeletion(userId: string, sessionVersion: number, now: number): Promise<boolean>;
  saveDeletionCode(userId: string, codeHash: string, expiresAt: number): Promise<void>;
  /** The account's one pending deletion link, while unexpired. */
  deletionCodeOf(userId: string, now: number): Promise<string | null>;
  saveExport(userId: string, record: ExportRecord): Promise<void>;
  getExport(userId: string, exportId: string, now: number): Promise<ExportRecord | null>;
}

export interface ExportRecord {
  id: string;
  /** the ZIP's key in the media bucket */
  key: string;
  size: number;
  createdAt: number;
  expiresAt: number;
}

export interface PersonalFiles {
  /** Every object of the user in the media bucket: any top-level prefix, then `<userId>/`. */
  listUserFiles(userId: string): Promise<string[]>;
  deleteFiles(keys: readonly string[]): Promise<void>;
  read(key: string): Promise<Uint8Array>;
  /** Stores an export ZIP under exports/<userId>/ (deleted by a lifecycle rule after EXPORT_DAYS). */
  putExport(userId: string, exportId: string, zip: Uint8Array): Promise<string>;
  /** A short-lived download address for a stored export. */
  downloadUrl(key: string, filename: string): Promise<string>;
}

/** The payment provider's customer (Stripe): deleting it cancels any subscription at once. */
export interface PaymentCustomers {
  /** Deletes the customer; a customer the provider no longer has counts as deleted. */
  deleteCustomer(customerId: string): Promise<void>;
}

export interface PrivacyDeps {
  data: PersonalDataStore;
  files: PersonalFiles;
  customers: PaymentCustomers;
  mailer: Mailer;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  clock: Clock;
  ids: Ids;
  metrics: Metrics;
  webUrl: string;
}
