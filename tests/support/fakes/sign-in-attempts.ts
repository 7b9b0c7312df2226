// "Sign in with Google" attempts in memory, with the rules of functions/accounts/dynamodb/google-attempts.ts:
// a state is saved once, and taken once, by its browser, before it expires.
import type { SignInAttempt, SignInAttemptStore } from '../../../functions/accounts/domain/ports.ts';
import { conditionFailed } from './conditions.ts';

export class FakeSignInAttempts implements SignInAttemptStore {
  private readonly attempts = new Map<string, SignInAttempt>();

  async save(attempt: SignInAttempt): Promise<void> {
    if (this.attempts.has(attempt.stateHash)) throw conditionFailed('attempt exists');
    this.attempts.set(attempt.stateHash, { ...attempt });
  }

  async take(stateHash: string, browserHash: string, now: number): Promise<SignInAttempt | null> {
    const a = this.attempts.get(stateHash);
    if (!a || a.browserHash !== browserHash || a.expiresAt <= now) return null;
    this.attempts.delete(stateHash);
    return { ...a };
  }
}
