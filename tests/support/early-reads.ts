// What the early reads' unit tests (tests/unit/early-reads.test.ts, task-list-early-reads.test.ts,
// team-early-reads.test.ts) stand on: an active account, and a verifier of "token-<userId>" (session
// version 1) that counts its checks.
import { DomainError } from '#platform/domain/errors.ts';
import type { User } from '#platform/domain/ports.ts';

export const activeUser = (id: string, domain: string, sessionVersion = 1): User =>
  ({ id, email: `${id}@${domain}`, lang: 'en', status: 'ACTIVE', role: 'user', sessionVersion }) as User;

/** A token is "token-" and its account's id; anything else is refused as a forged one is. */
export const tokenVerifier = (calls: { verify: number }) => ({
  verify: async (token: string) => {
    calls.verify += 1;
    if (!token.startsWith('token-')) throw new DomainError('UNAUTHENTICATED', 'Please log in to continue.');
    return { userId: token.slice('token-'.length), sessionVersion: 1 };
  },
});
