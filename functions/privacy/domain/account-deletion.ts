// Account deletion (the privacy page's right to erasure), the request's side: confirmed by the password or by
// a fresh link sent to the account's email, it ends every session, stops every sign-in and records the job,
// in one transaction, then queues it. The job (deletion-job.ts) deletes everything and emails when done;
// the account screen follows it with the status secret the answer carries.

import { DomainError } from '#platform/domain/errors.ts';
import type { User } from '#platform/domain/ports.ts';
import type { DeletionStatus, Language } from '#shared/api-schemas.ts';
import { checkCurrentPassword, hasPassword } from '../../accounts/public.ts';
import { privacyEmail } from './emails.ts';
import { DELETION_STEPS, type DeletionJob } from './jobs.ts';
import type { PrivacyRequestDeps } from './ports.ts';

const DELETION_LINK_SECONDS = 30 * 60;

export type DeletionConfirmation = { password: string } | { code: string };

/** The account page, where the emailed links lead (`?delete=` confirms, `?export=` downloads). */
export function accountPageLink(webUrl: string, lang: Language, query: Record<string, string>): string {
  const url = new URL(`${lang === 'fr' ? '/fr' : ''}/app/account`, webUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/** Emails a link that confirms the deletion (for accounts without a password, or a forgotten one). */
export async function sendDeletionLink(deps: PrivacyRequestDeps, user: User): Promise<void> {
  const code = deps.ids.newSecret();
  const now = deps.clock.now();
  await deps.codes.saveDeletionCode(user.id, deps.ids.hashSecret(code), now + DELETION_LINK_SECONDS);
  const link = accountPageLink(deps.webUrl, user.lang, { delete: code });
  await deps.mailer.send(privacyEmail(user.email, user.lang, 'deletionLink', link));
}

async function checkConfirmation(deps: PrivacyRequestDeps, user: User, confirmation: DeletionConfirmation) {
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
  const stored = await deps.codes.deletionCodeOf(user.id, deps.clock.now());
  if (!stored || stored !== deps.ids.hashSecret(confirmation.code)) {
    throw new DomainError(
      'INVALID_DELETION_LINK',
      'This deletion link is invalid or has expired. Ask for a new one from your account page.',
    );
  }
}

const statusOf = (job: DeletionJob): DeletionStatus => ({
  state: job.state,
  steps_done: DELETION_STEPS.indexOf(job.step),
  steps_total: DELETION_STEPS.length - 1,
  items_deleted: job.itemsDeleted,
  files_deleted: job.filesDeleted,
  created_at: job.createdAt,
  finished_at: job.finishedAt,
});

export async function requestAccountDeletion(
  deps: PrivacyRequestDeps,
  user: User,
  confirmation: DeletionConfirmation,
): Promise<{ id: string; status: DeletionStatus }> {
  await checkConfirmation(deps, user, confirmation);
  const secret = deps.ids.newSecret();
  const now = deps.clock.now();
  const job = {
    ref: deps.ids.hashSecret(secret),
    userId: user.id,
    email: user.email,
    lang: user.lang,
    stripeCustomerId: user.stripeCustomerId,
    createdAt: now,
  };
  // Every session ends and every sign-in stops here (another tab, another device): nothing can write for the
  // user while the job deletes, and nothing half-deleted can sign in.
  if (!(await deps.jobs.recordDeletion(user, job))) {
    throw new DomainError('SESSION_REVOKED', 'Your session has ended. Please log in again.');
  }
  // Not sent (SQS unreachable): the job is recorded, and the sweep sends it within minutes.
  await deps.queue.send({ kind: 'deletion', ref: job.ref });
  return {
    id: secret,
    status: statusOf({
      ...job,
      state: 'queued',
      step: 'customer',
      itemsDeleted: 0,
      filesDeleted: 0,
      teamId: null,
      updatedAt: now,
      finishedAt: null,
    }),
  };
}

const DELETION_ID = /^[A-Za-z0-9_-]{22,128}$/;

/** A deletion's progress, by the secret its request answered with (the account's sessions are over). */
export async function deletionStatus(deps: PrivacyRequestDeps, id: string): Promise<DeletionStatus> {
  const job = DELETION_ID.test(id) ? await deps.jobs.deletion(deps.ids.hashSecret(id)) : null;
  if (!job) throw new DomainError('NOT_FOUND', 'This account deletion is unknown or its record has expired.');
  return statusOf(job);
}
