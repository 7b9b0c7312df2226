// A password hasher that costs nothing (the real one is scrypt at 128 MiB: functions/accounts/passwords/scrypt-hasher.ts)
// and a strength judge with a short list. Domain tests that need zxcvbn's judgement use the real one
// (functions/accounts/passwords/zxcvbn-strength.ts): it is pure code.
import type {
  PasswordCheckPurpose,
  PasswordHasher,
  PasswordStrength,
} from '../../../functions/accounts/domain/ports.ts';

export class FakePasswordHasher implements PasswordHasher {
  readonly verified: PasswordCheckPurpose[] = [];

  async hash(password: string): Promise<string> {
    return `fake$${Buffer.from(password).toString('base64url')}`;
  }

  async verify(password: string, stored: string, purpose: PasswordCheckPurpose): Promise<boolean> {
    this.verified.push(purpose);
    return stored === (await this.hash(password));
  }
}

/** Easy to guess: a few well-known passwords, or anything containing one of the user's own words. */
export class FakePasswordStrength implements PasswordStrength {
  static readonly COMMON = ['password1234', '123456789012', 'qwertyuiopas', 'aaaaaaaaaaaa'];

  async isEasyToGuess(password: string, userInputs: string[]): Promise<boolean> {
    const p = password.toLowerCase();
    return FakePasswordStrength.COMMON.includes(p) || userInputs.some((w) => w.length >= 4 && p.includes(w));
  }
}
