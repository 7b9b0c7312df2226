// What a new password must be. Lengths count characters as people see them (code points), not UTF-16 units.

import { DomainError } from '#platform/domain/errors.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/api/common.ts';
import type { PasswordStrength } from './ports.ts';

export async function checkNewPassword(strength: PasswordStrength, password: string, email: string) {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    throw new DomainError(
      'PASSWORD_TOO_SHORT',
      `Your password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
    );
  }
  if (length > PASSWORD_MAX_LENGTH) {
    throw new DomainError(
      'PASSWORD_TOO_LONG',
      `Your password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
    );
  }
  if (password.trim().toLowerCase() === email) {
    throw new DomainError('PASSWORD_IS_EMAIL', 'Your password must not be your email address.');
  }
  const local = email.slice(0, email.lastIndexOf('@'));
  if (await strength.isEasyToGuess(password, [email, local, 'aivatar'])) {
    throw new DomainError(
      'PASSWORD_TOO_COMMON',
      'This password is too common or too easy to guess. Try a few unrelated words, or a longer password.',
    );
  }
}
