// The account deletion job: the payment provider's customer, a wait for the renders in flight, the files by
// prefix, the items kept outside the partition (by the `owned` index and by the keys the account names), the
// partition, then the account record, the files once more and the confirmation email. Each step deletes page
// by page and asks again, so a run that stops anywhere (page budget, crash) is resumed by the next one, which
// finds only what is left; a step is moved past once, under a condition, so the provider call and the email
// are not repeated by a later run. Why the wait and the second pass: docs/operations.md, "Account deletion".
import { privacyEmail } from './emails.ts';
import {
  DELETION_PAGES_PER_RUN,
  DELETION_STEPS,
  type DeletionJob,
  type DeletionStep,
  JOB_PAGE_ITEMS,
  type JobRef,
  type RunBudget,
  type RunOutcome,
  spendPage,
} from './jobs.ts';
import type { ItemKey, JobRun, Owner, PrivacyJobDeps } from './ports.ts';

/** The sort key of the account record in its partition: it is deleted last, on its own. */
const ACCOUNT_RECORD_SK = 'PROFILE';
/** Files per page: one S3 DeleteObjects call takes 1000. */
const FILES_PER_PAGE = 1000;

/** 'wait': a render of the account may still write a file until `until`; the run stops and looks again. */
type StepResult = 'next' | 'paused' | 'lost' | { wait: number };
type Step = (deps: PrivacyJobDeps, run: JobRun, job: DeletionJob, budget: RunBudget) => Promise<StepResult>;

async function deletePages(
  deps: PrivacyJobDeps,
  run: JobRun,
  budget: RunBudget,
  page: (cursor: string | null) => Promise<{ keys: ItemKey[]; next: string | null }>,
): Promise<StepResult> {
  let cursor: string | null = null;
  do {
    if (!spendPage(budget)) return 'paused';
    const found = await page(cursor);
    if (found.keys.length) {
      await deps.eraser.deleteKeys(found.keys);
      if (!(await deps.jobs.progress(run, deps.clock.now(), { items_deleted: found.keys.length })))
        return 'lost';
    }
    cursor = found.next;
  } while (cursor);
  return 'next';
}

const ownedPage = async (deps: PrivacyJobDeps, owner: Owner, cursor: string | null) => {
  const page = await deps.data.ownedKeysPage(owner, cursor, JOB_PAGE_ITEMS);
  return { keys: page.items, next: page.next };
};

/** Every file under each of the account's prefixes (whatever keys the product wrote there), page by page. */
const deleteFilePages: Step = async (deps, run, job, budget) => {
  let cursor: string | null = null;
  do {
    if (!spendPage(budget)) return 'paused';
    const page = await deps.files.filesPage(job.userId, cursor, FILES_PER_PAGE);
    if (page.items.length) {
      await deps.files.deleteFiles(page.items);
      if (!(await deps.jobs.progress(run, deps.clock.now(), { files_deleted: page.items.length })))
        return 'lost';
    }
    cursor = page.next;
  } while (cursor);
  return 'next';
};

const steps: Record<Exclude<DeletionStep, 'done'>, Step> = {
  // The provider first: the subscription ends now. Its late events find the account gone and write nothing
  // (billing reads an account being deleted as absent).
  customer: async (deps, _run, job, budget) => {
    if (!job.stripeCustomerId) return 'next';
    if (!spendPage(budget)) return 'paused';
    await deps.customers.deleteCustomer(job.stripeCustomerId);
    return 'next';
  },
  // A worker that read the account before the request marked it may be waiting on the provider: it stores its
  // result before its (conditional) completion. The files are deleted once no such render can write any more:
  // every worker claiming from now on finds the account being deleted and writes nothing.
  settle: async (deps, _run, job, budget) => {
    if (!spendPage(budget)) return 'paused';
    const until = await deps.data.rendersInFlightUntil(job.userId, deps.clock.now());
    return until === null ? 'next' : { wait: until };
  },
  files: deleteFilePages,
  owned: async (deps, run, job, budget) => {
    // First out of any team: the member's row stays on the team's dashboard as "left", without the
    // account's data, before the owned items below (the row among them no longer) are deleted.
    // The team is recorded on the job before the account leaves it: once left, teamOf finds nothing, and a
    // run that stops between the departure and the message below is resumed by one that must still send it.
    const teamId = job.teamId ?? (await deps.teams?.teamOf(job.userId)) ?? null;
    if (teamId && teamId !== job.teamId) {
      if (!(await deps.jobs.progress(run, deps.clock.now(), {}, { team_id: teamId }))) return 'lost';
    }
    await deps.teams?.leaveOnDeletion(job.userId, deps.clock.now());
    // The team's set of chosen headshots changed (their choice left it): announced like a removal, so the
    // job builds the new set and drops the stored archives that hold theirs (teams/headshots-zip.ts). At
    // least once: every run of this step sends it, and a queue that does not take it stops the run (the
    // sweep sends the job again); a repeat finds the set's archive stored and builds nothing.
    if (teamId && !(await deps.queue.send({ kind: 'team-archive', teamId }))) return 'paused';
    const result = await deletePages(deps, run, budget, (cursor) =>
      ownedPage(deps, { userId: job.userId }, cursor),
    );
    if (result !== 'next') return result;
    // Items written before they carried owned_by, found from the account record (still there).
    return deletePages(deps, run, budget, async () => ({
      keys: (await deps.data.namedByAccount(job.userId)).map(({ pk, sk }) => ({ pk, sk })),
      next: null,
    }));
  },
  partition: (deps, run, job, budget) =>
    deletePages(deps, run, budget, async (cursor) => {
      const page = await deps.data.partitionPage(job.userId, cursor, JOB_PAGE_ITEMS);
      return {
        keys: page.items.filter((i) => i.sk !== ACCOUNT_RECORD_SK).map(({ pk, sk }) => ({ pk, sk })),
        next: page.next,
      };
    }),
  // The counters keyed by the address last (someone may try to sign in with it while the job runs), then the
  // account record itself.
  account: async (deps, run, job, budget) => {
    const result = await deletePages(deps, run, budget, (cursor) =>
      ownedPage(deps, { email: job.email }, cursor),
    );
    if (result !== 'next') return result;
    if (!spendPage(budget)) return 'paused';
    await deps.eraser.deleteAccountRecord(job.userId);
    return (await deps.jobs.progress(run, deps.clock.now(), { items_deleted: 1 })) ? 'next' : 'lost';
  },
  // Once the items are gone, the prefixes again: what a request or a render in flight wrote after the first
  // pass (a download size, a late result whose worker outlived its lease) goes too.
  sweep: deleteFilePages,
  // At least once: a run that dies between the email and the job's end sends it again when resumed.
  notify: async (deps, _run, job) => {
    await deps.mailer.send(privacyEmail(job.email, job.lang, 'deleted'));
    deps.metrics.record('AccountsDeleted');
    return 'next';
  },
};

/** Runs (or resumes) a deletion until it is done or the budget is spent. */
export async function runDeletionJob(
  deps: PrivacyJobDeps,
  ref: string,
  budget: RunBudget = { pages: DELETION_PAGES_PER_RUN },
): Promise<RunOutcome> {
  const jobRef: JobRef = { kind: 'deletion', ref };
  const claim = await deps.jobs.claim(jobRef, deps.clock.now());
  if (claim.kind !== 'claimed') return claim.kind;
  const job = await deps.jobs.deletion(ref);
  if (!job) return 'missing';
  const run: JobRun = { job: jobRef, attempt: claim.attempt };
  let step = job.step;
  while (step !== 'done') {
    const result = await steps[step](deps, run, job, budget);
    if (result === 'paused') {
      await deps.jobs.release(run, deps.clock.now());
      return 'paused';
    }
    if (result === 'lost') return 'lost';
    if (typeof result === 'object') {
      // The sweep sends it again at the lease's end at the latest; runPrivacyJob's delayed message, sooner.
      await deps.jobs.release(run, deps.clock.now(), result.wait);
      return 'waiting';
    }
    const to = DELETION_STEPS[DELETION_STEPS.indexOf(step) + 1] as DeletionStep;
    const moved =
      to === 'done'
        ? await deps.jobs.finish(jobRef, 'done', deps.clock.now(), run.attempt)
        : await deps.jobs.advance(run, step, to, deps.clock.now());
    if (!moved) return 'lost';
    step = to;
  }
  return 'done';
}
