// The SignInAttemptStore port's contract ("Sign in with Google" in progress: functions/accounts/domain/ports.ts),
// run against the DynamoDB adapter and the fake.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SignInAttempt, SignInAttemptStore } from '../../functions/accounts/domain/ports.ts';

export function signInAttemptsContract(make: () => SignInAttemptStore | Promise<SignInAttemptStore>) {
  const now = Math.floor(Date.now() / 1000);
  const attempt = (): SignInAttempt => ({
    stateHash: `state-${randomUUID()}`,
    browserHash: `browser-${randomUUID()}`,
    nonce: 'n-1',
    codeVerifier: 'v-1',
    lang: 'fr',
    expiresAt: now + 600,
  });

  describe('SignInAttemptStore contract', () => {
    it('gives an attempt back once, whole, to the browser that started it', async () => {
      const store = await make();
      const a = attempt();
      await store.save(a);
      expect(await store.take(a.stateHash, 'another-browser', now)).toBeNull();
      expect(await store.take(a.stateHash, a.browserHash, now)).toEqual(a);
      expect(await store.take(a.stateHash, a.browserHash, now)).toBeNull();
    });

    it('refuses an expired attempt and a state saved twice', async () => {
      const store = await make();
      const a = attempt();
      await store.save(a);
      await expect(store.save({ ...a, nonce: 'other' })).rejects.toThrow();
      expect(await store.take(a.stateHash, a.browserHash, a.expiresAt)).toBeNull();
      expect(await store.take(a.stateHash, a.browserHash, a.expiresAt - 1)).toMatchObject({ nonce: 'n-1' });
    });

    it('hands a state to one of two concurrent callbacks', async () => {
      const store = await make();
      const a = attempt();
      await store.save(a);
      const taken = await Promise.all([1, 2, 3].map(() => store.take(a.stateHash, a.browserHash, now)));
      expect(taken.filter((t) => t !== null)).toHaveLength(1);
    });
  });
}
