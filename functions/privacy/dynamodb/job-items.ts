// Privacy job records as stored: a deletion under `DELETION#<sha256 of its status secret>`, an export in its
// owner's partition (`USER#<id>` / `EXPORT#<id>`, which was the export's record before it was a job).
// Read back checked: a malformed record fails loudly.
import * as z from 'zod/mini';
import { keys, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import { LANGUAGES } from '#shared/language.ts';
import {
  DELETION_STEPS,
  type DeletionJob,
  EXPORT_STEPS,
  type ExportJob,
  type JobRef,
} from '../domain/jobs.ts';

const STATES = ['queued', 'running', 'done', 'failed'] as const;

export const jobKey = (job: JobRef) =>
  job.kind === 'deletion' ? keys.deletionJob(job.ref) : keys.dataExport(job.userId, job.exportId);

/** The job an item of gsi1's PRIVACY_JOB partition is, from its keys. */
export function jobOfKey(pk: string, sk: string): JobRef | null {
  if (pk.startsWith('DELETION#')) return { kind: 'deletion', ref: pk.slice('DELETION#'.length) };
  if (pk.startsWith('USER#') && sk.startsWith(keys.exportPrefix))
    return { kind: 'export', userId: pk.slice('USER#'.length), exportId: sk.slice(keys.exportPrefix.length) };
  return null;
}

/** gsi1 keys: the job is looked at again at `checkAt` unless a run renews its lease first. */
export const checkKeys = (job: JobRef, checkAt: number) => {
  const { pk, sk } = jobKey(job);
  return keys.privacyJobCheck(checkAt, `${pk}#${sk}`);
};

const DeletionItem = z.object({
  job_ref: z.string(),
  // Removed once the job is done: the record then says what happened, not to whom.
  user_id: z.optional(z.string()),
  email: z.optional(z.string()),
  lang: z.optional(z.enum(LANGUAGES)),
  stripe_customer_id: z.optional(z.nullable(z.string())),
  team_id: z.optional(z.string()),
  state: z.enum(STATES),
  step: z.enum(DELETION_STEPS),
  items_deleted: z.optional(z.number()),
  files_deleted: z.optional(z.number()),
  created_at: z.number(),
  updated_at: z.number(),
  finished_at: z.optional(z.number()),
});

export function toDeletionJob(item: unknown): DeletionJob {
  const d = DeletionItem.parse(item);
  return {
    ref: d.job_ref,
    userId: d.user_id ?? '',
    email: d.email ?? '',
    lang: d.lang ?? 'en',
    stripeCustomerId: d.stripe_customer_id ?? null,
    state: d.state,
    step: d.step,
    itemsDeleted: d.items_deleted ?? 0,
    filesDeleted: d.files_deleted ?? 0,
    teamId: d.team_id ?? null,
    createdAt: d.created_at,
    updatedAt: d.updated_at,
    finishedAt: d.finished_at ?? null,
  };
}

const ExportItem = z.object({
  pk: z.string(),
  export_id: z.string(),
  // Records written before exports were jobs hold only these and the file: they are ready.
  object_key: z.optional(z.string()),
  size: z.optional(z.number()),
  email: z.optional(z.string()),
  lang: z.optional(z.enum(LANGUAGES)),
  state: z.optional(z.enum(STATES)),
  step: z.optional(z.enum(EXPORT_STEPS)),
  created_at: z.number(),
  updated_at: z.optional(z.number()),
  finished_at: z.optional(z.number()),
  [TTL_ATTRIBUTE]: z.number(),
});

export function toExportJob(item: unknown): ExportJob {
  const e = ExportItem.parse(item);
  return {
    userId: e.pk.slice('USER#'.length),
    exportId: e.export_id,
    email: e.email ?? '',
    lang: e.lang ?? 'en',
    state: e.state ?? 'done',
    step: e.step ?? 'done',
    key: e.object_key ?? null,
    size: e.size ?? null,
    createdAt: e.created_at,
    updatedAt: e.updated_at ?? e.created_at,
    finishedAt: e.finished_at ?? (e.state ? null : e.created_at),
    expiresAt: e[TTL_ATTRIBUTE],
  };
}
