// The Ids port's contract (functions/accounts/domain/ports.ts): unique ids, secrets a cookie can hold (BROWSER_SECRET)
// that are never repeated, and a stable hash of a secret that does not reveal it.
import { describe, expect, it } from 'vitest';
import type { Ids } from '#platform/domain/ports.ts';
import { BROWSER_SECRET } from '../../functions/accounts/domain/accounts.ts';

export function idsContract(make: () => Ids) {
  describe('Ids contract', () => {
    it('never repeats an id or a secret; secrets fit a cookie; hashes are stable and hide the secret', () => {
      const ids = make();
      const many = Array.from({ length: 500 }, () => ids.newId());
      expect(new Set(many).size).toBe(500);
      for (const id of many.slice(0, 5)) expect(id).toMatch(/^[0-9a-f-]{32,}$/);
      const secrets = Array.from({ length: 500 }, () => ids.newSecret());
      expect(new Set(secrets).size).toBe(500);
      for (const s of secrets) expect(s).toMatch(BROWSER_SECRET);
      const [a, b] = secrets as [string, string];
      expect(ids.hashSecret(a)).toBe(ids.hashSecret(a));
      expect(ids.hashSecret(a)).not.toBe(ids.hashSecret(b));
      expect(ids.hashSecret(a)).not.toContain(a);
    });
  });
}
