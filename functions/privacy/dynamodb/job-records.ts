// Recording privacy jobs (the account group's requests). A deletion's record goes in the same
// transaction as the account's change that ends its sessions and stops its sign-ins.
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '#platform/domain/ports.ts';
import { writtenUnlessConditionFails } from '#platform/dynamodb/conditions.ts';
import { keys, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import { JOB_QUEUE_GRACE_SECONDS, type NewDeletionJob, type NewExportJob } from '../domain/jobs.ts';
import type { PrivacyJobRecords } from '../domain/ports.ts';
import { checkKeys } from './job-items.ts';
import { DynamoPrivacyJobReads } from './job-reads.ts';

export class DynamoPrivacyJobRecords extends DynamoPrivacyJobReads implements PrivacyJobRecords {
  async recordDeletion(user: User, job: NewDeletionJob): Promise<boolean> {
    const ref = { kind: 'deletion', ref: job.ref } as const;
    return writtenUnlessConditionFails(
      this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              // deletion_job makes every reader treat the account as gone (user-reader.ts): no session,
              // no sign-in by password, link or Google, from this write on.
              Update: {
                TableName: this.table,
                Key: keys.user(user.id),
                UpdateExpression:
                  'SET session_version = session_version + :one, deletion_job = :ref, deletion_started_at = :now',
                ConditionExpression: 'session_version = :v AND attribute_not_exists(deletion_job)',
                ExpressionAttributeValues: {
                  ':one': 1,
                  ':v': user.sessionVersion,
                  ':ref': job.ref,
                  ':now': job.createdAt,
                },
              },
            },
            {
              Put: {
                TableName: this.table,
                Item: {
                  ...keys.deletionJob(job.ref),
                  ...checkKeys(ref, job.createdAt + JOB_QUEUE_GRACE_SECONDS),
                  job_ref: job.ref,
                  user_id: job.userId,
                  email: job.email,
                  lang: job.lang,
                  stripe_customer_id: job.stripeCustomerId,
                  state: 'queued',
                  step: 'customer',
                  items_deleted: 0,
                  files_deleted: 0,
                  attempt: 0,
                  requeues: 0,
                  created_at: job.createdAt,
                  updated_at: job.createdAt,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      ),
    );
  }

  async recordExport(job: NewExportJob): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...keys.dataExport(job.userId, job.exportId),
          ...checkKeys(
            { kind: 'export', userId: job.userId, exportId: job.exportId },
            job.createdAt + JOB_QUEUE_GRACE_SECONDS,
          ),
          export_id: job.exportId,
          email: job.email,
          lang: job.lang,
          state: 'queued',
          step: 'build',
          attempt: 0,
          requeues: 0,
          created_at: job.createdAt,
          updated_at: job.createdAt,
          [TTL_ATTRIBUTE]: job.expiresAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }
}
