// Account deletion (the privacy page's right to erasure): confirmed by the password or by a fresh link sent
// to the account's email, then everything of the user goes: the payment provider's customer (which ends a
// subscription at once), every file of theirs in the media bucket, every item of theirs in the table.
// A confirmation email is the last thing sent to the address.
import type { Language } from '../../../shared/api-schemas.ts';
import { checkCurrentPassword, hasPassword } from '../accounts/password-check.ts';
import { DomainError } from '../errors.ts';
import type { User } from '../ports.ts';
import { privacyEmail } from './emails.ts';
import type { PrivacyDeps } from './ports.ts';

export const DELETION_LINK_SECONDS = 30 * 60;

export type DeletionConfirmation = { password: string } | { code: string };

/** The account page, where the emailed links lead (`?delete=` confirms, `?export=` downloads). */
export function accountPageLink(webUrl: string, lang: Language, query: Record<string, string>): string {
  const url = new URL(`${lang === 'fr' ? '/fr' : ''}/app/account`, webUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/** Emails a link that confirms the deletion (for accounts without a password, or a forgotten one). */
export async function sendDeletionLink(deps: PrivacyDeps, user: User): Promise<void> {
  const code = deps.ids.newSecret();
  const now = deps.clock.now();
  await deps.data.saveDeletionCode(user.id, deps.ids.hashSecret(code), now + DELETION_LINK_SECONDS);
  const link = accountPageLink(deps.webUrl, user.lang, { delete: code });
  await deps.mailer.send(privacyEmail(user.email, user.lang, 'deletionLink', link));
}

async function checkConfirmation(deps: PrivacyDeps, user: User, confirmation: DeletionConfirmation) {
  if ('password' in confirmation) {
    if (!hasPassword(user)) {
      throw new DomainError(
        'VALIDATION_FAILED',
        'Your account has no password: confirm with the link we email you instead.',
      );
    }
    await checkCurrentPassword(
      deps,
      user,
      confirmation.password,
      new DomainError('CURRENT_PASSWORD_WRONG', 'Your password is incorrect.'),
    );
    return;
  }
  const stored = await deps.data.deletionCodeOf(user.id, deps.clock.now());
  if (!stored || stored !== deps.ids.hashSecret(confirmation.code)) {
    throw new DomainError(
      'INVALID_DELETION_LINK',
      'This deletion link is invalid or has expired. Ask for a new one from your account page.',
    );
  }
}

export interface DeletionReport {
  items: number;
  files: number;
  customerDeleted: boolean;
}

export async function deleteAccount(
  deps: PrivacyDeps,
  user: User,
  confirmation: DeletionConfirmation,
): Promise<DeletionReport> {
  await checkConfirmation(deps, user, confirmation);
  // Every session ends first (another tab, another device): nothing can write for the user meanwhile.
  if (!(await deps.data.startDeletion(user.id, user.sessionVersion, deps.clock.now()))) {
    throw new DomainError('SESSION_REVOKED', 'Your session has ended. Please log in again.');
  }
  // The provider first: its subscription-ended event then finds our records and is applied, before they go.
  if (user.stripeCustomerId) await deps.customers.deleteCustomer(user.stripeCustomerId);
  const files = await deps.files.listUserFiles(user.id);
  await deps.files.deleteFiles(files);
  const items = await deps.data.findUserItems(user);
  await deps.data.deleteItems(items);
  deps.metrics.record('AccountsDeleted');
  await deps.mailer.send(privacyEmail(user.email, user.lang, 'deleted'));
  return { items: items.length, files: files.length, customerDeleted: Boolean(user.stripeCustomerId) };
}
