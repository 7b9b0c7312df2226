// What the admin styles screen needs from storage (adapters/dynamodb/admin-style-store.ts implements it):
// every change is written in one transaction with its audit entry, so the log never misses a change and
// never names one that did not happen.
import type { PhotoFiles, PhotoImages } from '../../photos/public.ts';
import type { NewStyle, Style } from './style.ts';
import type { StyleReader } from './style-store.ts';

export type AuditAction = 'create' | 'update' | 'delete' | 'import';

/** Who made a change, and when: given by the domain, completed with before/after by the store. */
export interface AuditStamp {
  id: string;
  /** Unix seconds */
  at: number;
  actor: { id: string; email: string };
}

export interface AuditRecord extends AuditStamp {
  action: AuditAction;
  styleId: number | null;
  before: Style | null;
  after: Style | null;
  /** import only */
  added?: number;
  skipped?: number;
}

export type StyleChange = (current: Style) => Style;

export interface AdminStyleStore extends StyleReader {
  /** Creates a style under the next id of the counter, with its 'create' audit entry. */
  createAudited(style: NewStyle, stamp: AuditStamp): Promise<Style>;
  /**
   * Applies `change` to the style as stored, unless it changed in between (then reads it again and
   * retries); null when there is no such style.
   */
  updateAudited(
    id: number,
    change: StyleChange,
    stamp: AuditStamp,
  ): Promise<{ before: Style; after: Style } | null>;
  /** Deletes the style; the deleted style, or null when there is none. */
  removeAudited(id: number, stamp: AuditStamp): Promise<Style | null>;
  /**
   * Adds every style, in order, under consecutive new ids, with one 'import' audit entry: all in one
   * transaction, so an import is written whole or not at all.
   */
  importAudited(styles: readonly NewStyle[], stamp: AuditStamp, skipped: number): Promise<Style[]>;
  /**
   * Runs `work` while holding the import lease, so two imports never check duplicates against the same
   * catalogue and both add a style. Waits a few seconds for another import to finish; 'busy' if it does
   * not. A lease whose holder died expires after 30 seconds.
   */
  whileImporting<T>(work: () => Promise<T>): Promise<T | 'busy'>;
  /** The newest audit entries first. */
  auditLog(limit: number): Promise<AuditRecord[]>;
}

/** Uploaded style pictures: the browser upload (as for photos), then the checked picture. */
export interface StyleImageFiles {
  uploads: Pick<PhotoFiles, 'uploadTarget' | 'readUpload' | 'discardUpload'>;
  save(filename: string, image: Uint8Array): Promise<void>;
  read(filename: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
}

export type StyleImages = PhotoImages;
