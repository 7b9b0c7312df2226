// Running privacy jobs: a run claims the job (a lease, and a new attempt number that conditions all its
// writes), renews the lease at every page, moves the job from step to step under a condition on the step
// before, and ends it. Unfinished jobs sit in gsi1's PRIVACY_JOB partition by their next check time, which
// every lease renewal pushes back: the sweep finds only the jobs nobody is working on.
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure, writtenUnlessConditionFails } from '#platform/dynamodb/conditions.ts';
import { keys, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import { JOB_LEASE_SECONDS, JOB_QUEUE_GRACE_SECONDS, type JobRef } from '../domain/jobs.ts';
import type { ClaimOutcome, JobRun, PrivacyJobStore } from '../domain/ports.ts';
import { checkKeys, jobKey, jobOfKey } from './job-items.ts';
import { DynamoPrivacyJobReads } from './job-reads.ts';

/** A finished deletion's record (no personal details left) is kept this long for the account screen. */
const FINISHED_DELETION_DAYS = 7;
const UNFINISHED = { ':queued': 'queued', ':running': 'running' };

export class DynamoPrivacyJobRuns extends DynamoPrivacyJobReads implements PrivacyJobStore {
  /** An update conditioned as `condition`; false when the condition failed. */
  private async update(
    job: JobRef,
    expression: string,
    condition: string,
    values: Record<string, unknown>,
    names: Record<string, string> = {},
  ): Promise<boolean> {
    const allNames = {
      ...(`${expression} ${condition}`.includes('#state') ? { '#state': 'state' } : {}),
      ...names,
    };
    return writtenUnlessConditionFails(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: jobKey(job),
          UpdateExpression: expression,
          ConditionExpression: condition,
          ...(Object.keys(allNames).length ? { ExpressionAttributeNames: allNames } : {}),
          ExpressionAttributeValues: values,
        }),
      ),
    );
  }

  /** SET parts and values that renew a run's lease (and push the job's next check past it). */
  private lease(job: JobRef, now: number) {
    const until = now + JOB_LEASE_SECONDS;
    return {
      set: 'claimed_until = :until, gsi1sk = :check, updated_at = :now',
      values: { ':until': until, ':check': checkKeys(job, until).gsi1sk, ':now': now },
    };
  }

  async claim(job: JobRef, now: number): Promise<ClaimOutcome> {
    const lease = this.lease(job, now);
    try {
      const res = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: jobKey(job),
          UpdateExpression: `SET #state = :running, ${lease.set} ADD attempt :one`,
          ConditionExpression:
            'attribute_exists(pk) AND #state IN (:queued, :running) AND (attribute_not_exists(claimed_until) OR claimed_until < :now)',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ...lease.values, ...UNFINISHED, ':one': 1 },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { kind: 'claimed', attempt: Number(res.Attributes?.attempt) };
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
    const found = await (job.kind === 'deletion'
      ? this.deletion(job.ref)
      : this.dataExport(job.userId, job.exportId));
    if (!found) return { kind: 'missing' };
    return found.state === 'done' || found.state === 'failed' ? { kind: 'finished' } : { kind: 'busy' };
  }

  /** SET and ADD parts (after the lease's) for attributes written and counters added, with their names. */
  private changes(
    now: number,
    job: JobRef,
    set: Record<string, string | number>,
    add: Record<string, number>,
  ) {
    const lease = this.lease(job, now);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ...lease.values };
    const sets = [lease.set];
    for (const [i, [name, value]] of Object.entries(set).entries()) {
      names[`#s${i}`] = name;
      values[`:s${i}`] = value;
      sets.push(`#s${i} = :s${i}`);
    }
    const adds = Object.entries(add).map(([name, value], i) => {
      names[`#a${i}`] = name;
      values[`:a${i}`] = value;
      return `#a${i} :a${i}`;
    });
    return { names, values, sets, adds: adds.length ? ` ADD ${adds.join(', ')}` : '' };
  }

  advance(
    run: JobRun,
    from: string,
    to: string,
    now: number,
    progress: Record<string, number> = {},
    set: Record<string, string | number> = {},
  ): Promise<boolean> {
    const c = this.changes(now, run.job, set, progress);
    return this.update(
      run.job,
      `SET ${[...c.sets, 'step = :to'].join(', ')}${c.adds}`,
      'attribute_exists(pk) AND step = :from AND attempt = :attempt',
      { ...c.values, ':from': from, ':to': to, ':attempt': run.attempt },
      c.names,
    );
  }

  progress(
    run: JobRun,
    now: number,
    counts: Record<string, number>,
    set: Record<string, string | number> = {},
  ): Promise<boolean> {
    const c = this.changes(now, run.job, set, counts);
    return this.update(
      run.job,
      `SET ${c.sets.join(', ')}${c.adds}`,
      'attribute_exists(pk) AND attempt = :attempt',
      { ...c.values, ':attempt': run.attempt },
      c.names,
    );
  }

  async release(run: JobRun, now: number, checkAt?: number): Promise<void> {
    await this.update(
      run.job,
      'SET gsi1sk = :check, updated_at = :now REMOVE claimed_until',
      'attribute_exists(pk) AND attempt = :attempt',
      // As a job just queued: its hand-over message should be claimed by then, or the sweep sends another.
      {
        ':check': checkKeys(run.job, checkAt ?? now + JOB_QUEUE_GRACE_SECONDS).gsi1sk,
        ':now': now,
        ':attempt': run.attempt,
      },
    );
  }

  finish(job: JobRef, state: 'done' | 'failed', now: number, attempt?: number): Promise<boolean> {
    const values: Record<string, unknown> = { ...UNFINISHED, ':state': state, ':now': now };
    const sets = ['#state = :state', 'finished_at = :now', 'updated_at = :now'];
    const removes = ['claimed_until', 'gsi1pk', 'gsi1sk'];
    if (state === 'done') {
      values[':done'] = 'done';
      sets.push('step = :done');
    }
    if (job.kind === 'deletion' && state === 'done') {
      // What is left says what happened, not to whom; it goes itself after a week.
      removes.push('user_id', 'email', 'lang', 'stripe_customer_id', 'team_id');
      values[':expires'] = now + FINISHED_DELETION_DAYS * 86_400;
      sets.push('#ttl = :expires');
    }
    let condition = 'attribute_exists(pk) AND #state IN (:queued, :running)';
    if (attempt !== undefined) {
      condition += ' AND attempt = :attempt';
      values[':attempt'] = attempt;
    }
    return this.update(
      job,
      `SET ${sets.join(', ')} REMOVE ${removes.join(', ')}`,
      condition,
      values,
      job.kind === 'deletion' && state === 'done' ? { '#ttl': TTL_ATTRIBUTE } : {},
    );
  }

  async due(now: number, limit: number): Promise<{ job: JobRef; requeues: number }[]> {
    const res = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: 'gsi1',
        // gsi1sk starts with the check time's 12 digits: below `now`'s digits means it has passed.
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :now',
        ExpressionAttributeValues: {
          ':pk': keys.privacyJobCheck(0, '').gsi1pk,
          ':now': String(now).padStart(12, '0'),
        },
        ProjectionExpression: 'pk, sk, requeues',
        Limit: limit,
      }),
    );
    return (res.Items ?? []).flatMap((i) => {
      const job = jobOfKey(String(i.pk), String(i.sk));
      return job ? [{ job, requeues: Number(i.requeues ?? 0) }] : [];
    });
  }

  async requeued(job: JobRef, now: number): Promise<void> {
    await this.update(
      job,
      'SET gsi1sk = :check ADD requeues :one',
      'attribute_exists(gsi1pk) AND #state IN (:queued, :running)',
      { ...UNFINISHED, ':check': checkKeys(job, now + JOB_QUEUE_GRACE_SECONDS).gsi1sk, ':one': 1 },
    );
  }
}
