// A team's stored ZIPs (functions/teams/domain/headshots-zip.ts): archives/team-<teamId>/<setId>.zip, one per
// set of chosen headshots the team had. Listed and deleted here so only the current set's stays: an older
// one may hold the headshot of a member who has left or deleted their account (docs/operations.md, "Team
// ZIP"). Only the privacy job function, which builds them, loads this module.
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { archiveKey, archivesOf } from '#platform/s3/archive-keys.ts';
import { deleteKeys } from '#platform/s3/delete-keys.ts';
import type { StoredTeamArchives } from '../domain/ports.ts';

const SET_FILE = /\/([0-9a-f]{16,64})\.zip$/;

export class S3TeamArchives implements StoredTeamArchives {
  private readonly s3: S3Client;
  private readonly bucket: string;
  constructor(s3: S3Client, bucket: string) {
    this.s3 = s3;
    this.bucket = bucket;
  }

  async setIds(archivesOwner: string): Promise<string[]> {
    const out: string[] = [];
    let token: string | undefined;
    do {
      const res = await this.s3.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: archivesOf(archivesOwner),
          ContinuationToken: token,
        }),
      );
      for (const o of res.Contents ?? []) {
        const id = o.Key ? SET_FILE.exec(o.Key)?.[1] : undefined;
        if (id) out.push(id);
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  drop(archivesOwner: string, setIds: readonly string[]): Promise<void> {
    return deleteKeys(
      this.s3,
      this.bucket,
      setIds.map((id) => archiveKey(archivesOwner, id)),
    );
  }
}
