// Ids a test can predict (Ids in functions/accounts/domain/ports.ts): `id-1`, `id-2`... and secrets of the shape
// BROWSER_SECRET accepts. Hashes are SHA-256, as the real ones (functions/platform/system.ts), so a hash a
// test computes matches what the domain stored.
import { createHash } from 'node:crypto';
import type { Ids } from '#platform/domain/ports.ts';

export class FakeIds implements Ids {
  private ids = 0;
  private secrets = 0;
  private readonly prefix: string;

  constructor(prefix = '') {
    this.prefix = prefix;
  }

  newId(): string {
    this.ids += 1;
    // UUID-shaped (hex and dashes), the count first: freshUploadId keeps the first 16 hex digits.
    const n = this.ids.toString(16).padStart(8, '0');
    return `${this.prefix}${n}-0000-4000-8000-${n.padStart(12, '0')}`;
  }

  newSecret(): string {
    this.secrets += 1;
    return `${this.prefix}secret_${String(this.secrets).padStart(24, '0')}`;
  }

  hashSecret(secret: string): string {
    return createHash('sha256').update(secret).digest('hex');
  }
}
