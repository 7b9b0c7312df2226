// Capture link codes (functions/photos/domain/capture-links.ts): 12 characters of Crockford's base32 (60 bits),
// an HMAC-SHA-256 of the account and the link's random id under a key of the stage. The table stores the link
// id and the code's SHA-256 only, so what it holds opens nothing; the desktop panel gets its code back from
// the id (GET /photos/capture-links/current) without the code being kept anywhere.
import { createHmac } from 'node:crypto';
import { CAPTURE_CODE_ALPHABET, CAPTURE_LIMITS } from '#shared/capture-rules.ts';
import type { CaptureCodes } from './domain/ports.ts';

/** 5 bits per character from the front of the digest. */
function base32(bytes: Uint8Array, length: number): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += CAPTURE_CODE_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (out.length === length) break;
  }
  return out;
}

export class HmacCaptureCodes implements CaptureCodes {
  private readonly key: () => Promise<string>;

  /** `key`: the stage's secret (read once, when first needed); a label keeps its use apart from sessions'. */
  constructor(key: () => Promise<string>) {
    this.key = key;
  }

  async codeFor(userId: string, linkId: string): Promise<string> {
    const digest = createHmac('sha256', await this.key())
      .update(`capture-link\n${userId}\n${linkId}`)
      .digest();
    return base32(digest, CAPTURE_LIMITS.codeLength);
  }
}
