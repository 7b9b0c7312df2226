// The styles table, as the domain sees it (adapters/dynamodb/style-store.ts implements it).
import type { NewStyle, Style } from './style.ts';

export interface SeedResult {
  /** catalogue keys added by this run */
  added: string[];
  /** catalogue keys seeded before (kept as they are, even if an admin edited or deleted the style) */
  kept: string[];
}

/** Reading styles: all that listing them and generating avatars need. */
export interface StyleReader {
  /** every style, active or not, by id; `consistent`: every write made before the call included */
  listAll(o?: { consistent?: boolean }): Promise<Style[]>;
  get(id: number): Promise<Style | null>;
  /** The styles of these ids that exist, in no particular order (one round trip). */
  getMany(ids: readonly number[]): Promise<Style[]>;
}

export interface StyleStore extends StyleReader {
  /** Creates a style under the next id of the table's counter. */
  create(style: NewStyle): Promise<Style>;
  /**
   * Adds each catalogue style that was never seeded, once, even when two seeders run at the same time.
   * A style seeded before is never overwritten: after seeding, the admin owns it.
   */
  seed(styles: readonly NewStyle[]): Promise<SeedResult>;
}
