// Data export (the privacy page's right of access and portability), the request's side: the request records
// the job and queues it (export-job.ts builds the ZIP and emails a link to the account page); the account
// page shows the latest export's state and hands out a short-lived download address once it is ready.

import { DomainError } from '#platform/domain/errors.ts';
import type { User } from '#platform/domain/ports.ts';
import type { ExportStatus } from '#shared/api-schemas.ts';
import { isLanguage, type Language } from '#shared/language.ts';
import { EXPORT_DAYS, type ExportJob, JOB_QUEUE_GRACE_SECONDS, type JobState } from './jobs.ts';
import type { PrivacyRequestDeps } from './ports.ts';

export { EXPORT_DAYS } from './jobs.ts';

const STATE: Record<JobState, ExportStatus['state']> = {
  queued: 'queued',
  running: 'running',
  done: 'ready',
  failed: 'failed',
};

const statusOf = (job: ExportJob): ExportStatus => ({
  id: job.exportId,
  state: STATE[job.state],
  created_at: job.createdAt,
  expires_at: job.expiresAt,
  size: job.size,
});

/** The account's latest export that has not expired, or null. */
async function latest(deps: PrivacyRequestDeps, userId: string): Promise<ExportJob | null> {
  const now = deps.clock.now();
  const [newest] = (await deps.jobs.recentExports(userId)).filter((e) => e.expiresAt > now);
  return newest ?? null;
}

export async function latestExport(deps: PrivacyRequestDeps, user: User): Promise<ExportStatus | null> {
  const job = await latest(deps, user.id);
  return job ? statusOf(job) : null;
}

/**
 * Records an export and queues it. While one is being prepared, asking again answers that one (a second
 * click builds nothing twice); one stuck past the queue's grace period no longer counts as being prepared.
 */
export async function requestDataExport(deps: PrivacyRequestDeps, user: User): Promise<ExportStatus> {
  const now = deps.clock.now();
  const current = await latest(deps, user.id);
  const busy =
    current &&
    (current.state === 'queued' || current.state === 'running') &&
    current.updatedAt > now - JOB_QUEUE_GRACE_SECONDS;
  if (current && busy) return statusOf(current);
  // Ids start with the time, so the account's exports sort newest last by key.
  const exportId = `${String(now).padStart(10, '0')}-${deps.ids.newSecret().slice(0, 16)}`;
  const job = {
    userId: user.id,
    exportId,
    email: user.email,
    lang: user.lang,
    createdAt: now,
    expiresAt: now + EXPORT_DAYS * 86_400,
  };
  await deps.jobs.recordExport(job);
  await deps.queue.send({ kind: 'export', userId: user.id, exportId });
  return statusOf({
    ...job,
    state: 'queued',
    step: 'build',
    key: null,
    size: null,
    updatedAt: now,
    finishedAt: null,
  });
}

/** The export's file name in each language (file names follow the language). */
const EXPORT_NAMES: Record<Language, string> = { en: 'aivatar-data', fr: 'aivatar-donnees' };

/**
 * A fresh download address for one of the user's exports; another user's id is simply not found. The file is
 * named in `lang` (the page's language, `?lang=`), else in the account's.
 */
export async function exportDownload(
  deps: PrivacyRequestDeps,
  user: User,
  exportId: string,
  lang: string | undefined = undefined,
) {
  const job = /^[A-Za-z0-9_-]{1,64}$/.test(exportId) ? await deps.jobs.dataExport(user.id, exportId) : null;
  if (!job || job.expiresAt <= deps.clock.now() || job.state !== 'done' || !job.key) {
    throw new DomainError('NOT_FOUND', 'This export has expired or does not exist.');
  }
  const date = new Date(job.createdAt * 1000).toISOString().slice(0, 10);
  return {
    url: await deps.files.downloadUrl(
      job.key,
      `${EXPORT_NAMES[isLanguage(lang) ? lang : user.lang]}-${date}.zip`,
    ),
    size: job.size ?? 0,
    created_at: job.createdAt,
    expires_at: job.expiresAt,
  };
}
