// The data export job: reads every item of the user by key (their partition, the keys the `owned` index
// lists, the items their account names) and their files by prefix, page by page, writes the ZIP at the
// export's one key, then emails the link. A run that stops while building starts the build again (reads
// change nothing and the file is written whole, at the same key); the email goes once the file is there.
import { zipSync } from 'fflate';
import { accountPageLink } from './account-deletion.ts';
import { privacyEmail } from './emails.ts';
import {
  archivePathOf,
  EXPORT_FILES,
  type ExportContents,
  exportContents,
  withheldAvatarPaths,
} from './export-contents.ts';
import {
  type ExportJob,
  JOB_PAGE_ITEMS,
  type JobRef,
  type RunBudget,
  type RunOutcome,
  spendPage,
} from './jobs.ts';
import type { JobRun, PrivacyJobDeps, StoredItem } from './ports.ts';

/** Files listed per page (each is then read: a page too). */
const FILES_PER_PAGE = 100;

const json = (value: unknown): Uint8Array => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

type Collected<T> = { done: true; value: T } | { done: false };

async function collectItems(
  deps: PrivacyJobDeps,
  userId: string,
  budget: RunBudget,
): Promise<Collected<StoredItem[]>> {
  const found = new Map<string, StoredItem>();
  const keep = (items: StoredItem[]) => {
    for (const i of items) found.set(`${i.pk}\u0000${i.sk}`, i);
  };
  let cursor: string | null = null;
  do {
    if (!spendPage(budget)) return { done: false };
    const page = await deps.data.partitionPage(userId, cursor, JOB_PAGE_ITEMS);
    keep(page.items);
    cursor = page.next;
  } while (cursor);
  do {
    if (!spendPage(budget)) return { done: false };
    const page = await deps.data.ownedKeysPage({ userId }, cursor, JOB_PAGE_ITEMS);
    if (page.items.length) keep(await deps.data.itemsByKey(userId, page.items));
    cursor = page.next;
  } while (cursor);
  if (!spendPage(budget)) return { done: false };
  keep(await deps.data.namedByAccount(userId));
  return { done: true, value: [...found.values()] };
}

async function collectFiles(
  deps: PrivacyJobDeps,
  userId: string,
  budget: RunBudget,
  withheld: ReadonlySet<string>,
): Promise<Collected<Record<string, Uint8Array>>> {
  const files: Record<string, Uint8Array> = {};
  let cursor: string | null = null;
  do {
    if (!spendPage(budget)) return { done: false };
    const page = await deps.files.filesPage(userId, cursor, FILES_PER_PAGE);
    for (const key of page.items) {
      const path = archivePathOf(key, userId);
      if (!path || withheld.has(path)) continue;
      if (!spendPage(budget)) return { done: false };
      files[path] = await deps.files.read(key);
    }
    cursor = page.next;
  } while (cursor);
  return { done: true, value: files };
}

function exportZip(contents: ExportContents, files: Record<string, Uint8Array>): Uint8Array {
  const entries: Record<string, [Uint8Array, { level: 0 | 6 }]> = {};
  for (const [section, name] of Object.entries(EXPORT_FILES)) {
    entries[name] = [json(contents[section as keyof ExportContents]), { level: 6 }];
  }
  // Images are compressed already: stored as they are.
  for (const [path, bytes] of Object.entries(files)) entries[path] = [bytes, { level: 0 }];
  return zipSync(entries);
}

async function build(deps: PrivacyJobDeps, run: JobRun, job: ExportJob, budget: RunBudget) {
  const items = await collectItems(deps, job.userId, budget);
  if (!items.done) return 'paused' as const;
  const files = await collectFiles(deps, job.userId, budget, withheldAvatarPaths(items.value));
  if (!files.done) return 'paused' as const;
  const zip = exportZip(exportContents(job.userId, items.value), files.value);
  const key = await deps.files.putExport(job.userId, job.exportId, zip);
  const moved = await deps.jobs.advance(run, 'build', 'notify', deps.clock.now(), undefined, {
    object_key: key,
    size: zip.byteLength,
  });
  if (!moved) {
    // The export is gone (its account was deleted meanwhile) or another run took it: no file of ours stays.
    if (!(await deps.jobs.dataExport(job.userId, job.exportId))) await deps.files.deleteFiles([key]);
    return 'lost' as const;
  }
  return 'next' as const;
}

/** Runs (or starts again) an export until it is ready and announced, or the budget is spent. */
export async function runExportJob(
  deps: PrivacyJobDeps,
  userId: string,
  exportId: string,
  budget: RunBudget = { pages: Number.POSITIVE_INFINITY },
): Promise<RunOutcome> {
  const jobRef: JobRef = { kind: 'export', userId, exportId };
  const claim = await deps.jobs.claim(jobRef, deps.clock.now());
  if (claim.kind !== 'claimed') return claim.kind;
  const job = await deps.jobs.dataExport(userId, exportId);
  if (!job) return 'missing';
  const run: JobRun = { job: jobRef, attempt: claim.attempt };
  if (job.step === 'build') {
    const result = await build(deps, run, job, budget);
    if (result === 'paused') {
      await deps.jobs.release(run, deps.clock.now());
      return 'paused';
    }
    if (result === 'lost') return 'lost';
  }
  await deps.mailer.send(
    privacyEmail(
      job.email,
      job.lang,
      'exportReady',
      accountPageLink(deps.webUrl, job.lang, { export: exportId }),
    ),
  );
  deps.metrics.record('DataExports');
  return (await deps.jobs.finish(jobRef, 'done', deps.clock.now(), run.attempt)) ? 'done' : 'lost';
}
