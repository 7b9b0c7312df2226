import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { PrioritySemaphore } from '#platform/priority-semaphore.ts';
import type { PasswordCheckPurpose, PasswordHasher } from '../domain/ports.ts';

// OWASP Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1 (128 MiB per hash).
const LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

/**
 * Derivations running at once in this process, for every hasher in it: each holds 128 MiB and one of
 * libuv's 4 threads for about 100-300 ms, so one thread stays free for file and DNS work. Checks made to
 * confirm an action in a session (and new passwords' hashes) take at most one slot and wait behind
 * sign-ins, so guessing through a session can neither exhaust the memory nor make sign-ins queue behind
 * it. (A Lambda instance serves one request at a time; the local API serves every group in one process.)
 */
const SCRYPT_SLOTS = 3;
const SCRYPT_SLOTS_OUTSIDE_SIGN_IN = 1;
const gate = new PrioritySemaphore(SCRYPT_SLOTS, SCRYPT_SLOTS_OUTSIDE_SIGN_IN);

const derive = (password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 256 * 1024 * 1024 };
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });

/** Stored as `scrypt$logN$r$p$salt$hash` so parameters can be raised later without breaking old hashes. */
export class ScryptPasswordHasher implements PasswordHasher {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await gate.run('low', () => derive(password, salt, LOG_N, R, P));
    return ['scrypt', LOG_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(password: string, stored: string, purpose: PasswordCheckPurpose): Promise<boolean> {
    const [scheme, logN, r, p, salt, hash] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !hash) return false;
    const expected = Buffer.from(hash, 'base64url');
    const actual = await gate.run(purpose === 'sign-in' ? 'high' : 'low', () =>
      derive(password, Buffer.from(salt, 'base64url'), Number(logN), Number(r), Number(p)),
    );
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
