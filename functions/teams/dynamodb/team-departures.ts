// An account deleted (functions/privacy/domain/deletion-job.ts) leaves its team (docs/product.md, "Teams").
// A member: their row on the team's dashboard stays, as "left", without anything of the account (its id, its
// chosen avatar, and the address unless the team itself invited it); their seat goes back to the team when
// they generated nothing; their pointer and the address's claim go. One transaction; a second run finds no
// pointer and does nothing.
// An owner: the team goes to its longest-serving admin, in one transaction with the owner's own departure.
// With no admin the team is dissolved, page by page: every member's pointer and row, the invitations, links
// and ledger go; the members keep their team avatars as their own; the team's item stays as a tombstone that
// says so (and expires), so a former member's dashboard or a join link answers that the team no longer
// exists. The owner's pointer goes last: a run cut short is finished by the next one, which finds it.
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  QueryCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { type TransactItem, transactWithRetry } from '#platform/dynamodb/balance-transaction.ts';
import { consistentGet } from '#platform/dynamodb/client.ts';
import { writtenUnlessConditionFails } from '#platform/dynamodb/conditions.ts';
import { keys, ownedBy, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import { queryPages } from '#platform/dynamodb/query-pages.ts';
import type { OwnerDeparture, TeamDepartures } from '../domain/ports.ts';
import { seatClaimRelease, seatRelease } from './team-seat-releases.ts';

export const DELETED_ACCOUNT_EMAIL = '(account deleted)';

/** A dissolved team's tombstone lasts as long as its longest-lived join link could (90 days). */
const DISSOLVED_TEAM_SECONDS = 90 * 86_400;
/**
 * A dissolved team's member row that paid for avatars lingers this long, stripped of the account, so a
 * render in flight (an hour at most: functions/platform/domain/task-timing.ts) still finds the row its
 * completion counts on; the table's TTL removes it then.
 */
const DISSOLVED_MEMBER_ROW_SECONDS = 86_400;
/** Partition items read per dissolution transaction (a member is two writes: pointer and row). */
const DISSOLVE_PAGE = 40;

type Item = Record<string, unknown>;

export class DynamoTeamDepartures implements TeamDepartures {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  async teamOf(userId: string): Promise<string | null> {
    const pointer = await consistentGet(this.db, this.table, keys.teamMembership(userId));
    return pointer ? String(pointer.team_id) : null;
  }

  async leaveOnDeletion(userId: string, now: number): Promise<OwnerDeparture> {
    const pointer = await consistentGet(this.db, this.table, keys.teamMembership(userId));
    if (!pointer) return null;
    if (pointer.role !== 'owner') {
      await this.memberLeaves(userId, now);
      return null;
    }
    const teamId = String(pointer.team_id);
    const team = await consistentGet(this.db, this.table, keys.team(teamId));
    if (team && team.dissolved_at === undefined) {
      const moved = await this.transfer(userId, teamId, now);
      if (moved) return moved;
    }
    return this.dissolve(userId, teamId, now);
  }

  /** A departing member's row as "left" (the departure's share of a transaction), and its seat. */
  private departureItems(userId: string, teamId: string, memberId: string, member: Item | null, now: number) {
    const items: TransactItem[] = [];
    if (!member || member.user_id !== userId) return items;
    const spent = Number(member.allowance_spent ?? 0);
    const invited = member.invited_at !== undefined;
    items.push(
      {
        Update: {
          TableName: this.table,
          Key: keys.teamMember(teamId, memberId),
          UpdateExpression: `SET left_at = if_not_exists(left_at, :now), has_seat = :no${invited ? '' : ', email = :gone'} REMOVE user_id, owned_by, chosen, code_hash, admin_since`,
          ConditionExpression: 'user_id = :user AND allowance_spent = :spent',
          ExpressionAttributeValues: {
            ':now': now,
            ':no': false,
            ':user': userId,
            ':spent': spent,
            ...(invited ? {} : { ':gone': DELETED_ACCOUNT_EMAIL }),
          },
        },
      },
      { Delete: { TableName: this.table, Key: keys.teamInvite(teamId, String(member.email)) } },
    );
    if (member.has_seat === true && member.left_at === undefined && spent === 0)
      items.push(seatRelease(this.table, teamId));
    return items;
  }

  /** The departing member's mailbox claim on a seat, when the row is theirs and they hold it. */
  private claimOf(userId: string, teamId: string, memberId: string, member: Item | null) {
    if (!member || member.user_id !== userId) return Promise.resolve([]);
    return seatClaimRelease(this.db, this.table, teamId, memberId, String(member.email ?? ''));
  }

  private async memberLeaves(userId: string, now: number): Promise<void> {
    await transactWithRetry<void>(this.db, async () => {
      const pointer = await consistentGet(this.db, this.table, keys.teamMembership(userId));
      if (!pointer || pointer.role === 'owner') return undefined;
      const teamId = String(pointer.team_id);
      const memberId = String(pointer.member_id);
      const member = await consistentGet(this.db, this.table, keys.teamMember(teamId, memberId));
      const items: TransactItem[] = [
        {
          Delete: {
            TableName: this.table,
            Key: keys.teamMembership(userId),
            ConditionExpression: 'team_id = :team',
            ExpressionAttributeValues: { ':team': teamId },
          },
        },
        ...this.departureItems(userId, teamId, memberId, member, now),
        // Their mailbox's seat claim goes with their seat (team-seat-claims.ts).
        ...(await this.claimOf(userId, teamId, memberId, member)),
      ];
      return { items, done: undefined };
    });
  }

  /** Every member item of the team that matches `filter`, a team-keyed Query page by page. */
  private async members(teamId: string, filter: string, values: Item): Promise<Item[]> {
    const out: Item[] = [];
    for await (const items of queryPages(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: filter,
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: {
        ':pk': keys.team(teamId).pk,
        ':prefix': keys.teamMemberPrefix,
        ...values,
      },
      ConsistentRead: true,
    }))
      out.push(...(items as Item[]));
    return out;
  }

  /**
   * The admin who has been one the longest (then the longest in the team, then by id: one answer for the
   * same team), among those still in it with an account.
   */
  private async longestServingAdmin(teamId: string): Promise<Item | null> {
    const admins = await this.members(
      teamId,
      '#role = :admin AND attribute_exists(user_id) AND attribute_not_exists(left_at)',
      { ':admin': 'admin' },
    );
    const since = (m: Item) => Number(m.admin_since ?? m.joined_at ?? Number.MAX_SAFE_INTEGER);
    admins.sort(
      (a, b) =>
        since(a) - since(b) ||
        Number(a.joined_at ?? 0) - Number(b.joined_at ?? 0) ||
        String(a.member_id).localeCompare(String(b.member_id)),
    );
    return admins[0] ?? null;
  }

  /**
   * The team to its longest-serving admin: the team's owner, the admin's row and pointer made the owner's,
   * the departing owner's pointer gone and their row "left", all in one transaction, read again on any
   * conflict (an admin demoted or removed meanwhile: the next one). Null when there is no admin.
   */
  private transfer(userId: string, teamId: string, now: number): Promise<OwnerDeparture> {
    return transactWithRetry<OwnerDeparture>(this.db, async () => {
      const pointer = await consistentGet(this.db, this.table, keys.teamMembership(userId));
      if (!pointer || pointer.team_id !== teamId || pointer.role !== 'owner') return null;
      const heir = await this.longestServingAdmin(teamId);
      if (!heir) return null;
      const heirUser = String(heir.user_id);
      const heirMember = String(heir.member_id);
      const memberId = String(pointer.member_id);
      const own = await consistentGet(this.db, this.table, keys.teamMember(teamId, memberId));
      const items: TransactItem[] = [
        {
          Update: {
            TableName: this.table,
            Key: keys.team(teamId),
            UpdateExpression: 'SET owner_id = :heir, owned_by = :owned',
            ConditionExpression: 'owner_id = :old AND attribute_not_exists(dissolved_at)',
            ExpressionAttributeValues: {
              ':heir': heirUser,
              ':owned': ownedBy(heirUser).owned_by,
              ':old': userId,
            },
          },
        },
        {
          Update: {
            TableName: this.table,
            Key: keys.teamMember(teamId, heirMember),
            UpdateExpression: 'SET #role = :owner REMOVE admin_since',
            ConditionExpression: '#role = :admin AND user_id = :heir AND attribute_not_exists(left_at)',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: { ':owner': 'owner', ':admin': 'admin', ':heir': heirUser },
          },
        },
        {
          Update: {
            TableName: this.table,
            Key: keys.teamMembership(heirUser),
            UpdateExpression: 'SET #role = :owner',
            ConditionExpression: 'team_id = :team AND member_id = :member',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: { ':owner': 'owner', ':team': teamId, ':member': heirMember },
          },
        },
        {
          Delete: {
            TableName: this.table,
            Key: keys.teamMembership(userId),
            ConditionExpression: 'team_id = :team AND #role = :owner',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: { ':team': teamId, ':owner': 'owner' },
          },
        },
        ...this.departureItems(userId, teamId, memberId, own, now),
        ...(await this.claimOf(userId, teamId, memberId, own)),
      ];
      return { items, done: { kind: 'transferred', toMemberId: heirMember } };
    });
  }

  /** The team dissolved: tombstone first, then its items page by page, the owner's pointer last. */
  private async dissolve(userId: string, teamId: string, now: number): Promise<OwnerDeparture> {
    // The tombstone: every team route and join code now answers that the team no longer exists, and no
    // join can take a seat (its condition needs seats_total). Nothing of the owner stays on it.
    await writtenUnlessConditionFails(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.team(teamId),
          UpdateExpression:
            'SET dissolved_at = if_not_exists(dissolved_at, :now), #ttl = :ttl REMOVE owner_id, owned_by, seats_total, allowed_styles, allowed_combos, domains',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':now': now, ':ttl': now + DISSOLVED_TEAM_SECONDS },
        }),
      ),
    );
    let members = 0;
    let start: Item | undefined;
    do {
      const page = await transactWithRetry<{
        next: Item | undefined;
        members: number;
        after: UpdateCommandInput[];
      }>(this.db, async () => this.dissolvePage(userId, teamId, start, now));
      members += page.members;
      // Outside the transaction: each may find its item gone (the member deleted that avatar, a code
      // expired), which changes nothing.
      for (const write of page.after)
        await writtenUnlessConditionFails(this.db.send(new UpdateCommand(write)));
      start = page.next;
    } while (start);
    await writtenUnlessConditionFails(
      this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: keys.teamMembership(userId),
          ConditionExpression: 'team_id = :team',
          ExpressionAttributeValues: { ':team': teamId },
        }),
      ),
    );
    return { kind: 'dissolved', members };
  }

  private async dissolvePage(userId: string, teamId: string, start: Item | undefined, now: number) {
    const res = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.team(teamId).pk },
        ConsistentRead: true,
        Limit: DISSOLVE_PAGE,
        ExclusiveStartKey: start,
      }),
    );
    const items: TransactItem[] = [];
    const after: UpdateCommandInput[] = [];
    let members = 0;
    for (const item of (res.Items as Item[] | undefined) ?? []) {
      const key = { pk: String(item.pk), sk: String(item.sk) };
      const sk = key.sk;
      if (sk === keys.team(teamId).sk || item.dissolved_at !== undefined) continue;
      if (!sk.startsWith(keys.teamMemberPrefix)) {
        // Invitations, links and the ledger go. Join codes stay until they expire, so a link says why it no
        // longer opens; an invitation's code loses the address it was for.
        items.push({ Delete: { TableName: this.table, Key: key } });
        if (typeof item.code_hash === 'string' && sk.startsWith('INVITE#'))
          after.push({
            TableName: this.table,
            Key: keys.teamCode(item.code_hash),
            UpdateExpression: 'REMOVE email, member_id',
            ConditionExpression: 'attribute_exists(pk)',
          });
        continue;
      }
      const member = item.user_id !== undefined ? String(item.user_id) : null;
      const inTeam = member !== null && item.left_at === undefined;
      if (inTeam && member !== userId) {
        members += 1;
        items.push({
          Delete: {
            TableName: this.table,
            Key: keys.teamMembership(member),
            ConditionExpression: 'attribute_not_exists(pk) OR team_id = :team',
            ExpressionAttributeValues: { ':team': teamId },
          },
        });
        // The avatar they chose for the team is theirs, unmarked.
        const chosen = (item.chosen as { taskId?: string } | undefined)?.taskId;
        if (chosen)
          after.push({
            TableName: this.table,
            Key: keys.task(member, chosen),
            UpdateExpression: 'REMOVE team_chosen_at',
            ConditionExpression: 'attribute_exists(pk)',
          });
      }
      // A row whose allowance paid for avatars may have a render in flight that counts on it: stripped of
      // the account, it lingers a day; any other row goes now.
      if (inTeam && member !== userId && Number(item.allowance_spent ?? 0) > 0)
        items.push({
          Update: {
            TableName: this.table,
            Key: key,
            UpdateExpression:
              'SET dissolved_at = :now, has_seat = :no, #ttl = :ttl REMOVE user_id, owned_by, chosen, email, code_hash, admin_since',
            ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
            ExpressionAttributeValues: {
              ':now': now,
              ':no': false,
              ':ttl': now + DISSOLVED_MEMBER_ROW_SECONDS,
            },
          },
        });
      else items.push({ Delete: { TableName: this.table, Key: key } });
    }
    const next = res.LastEvaluatedKey as Item | undefined;
    const done = { next, members, after };
    return items.length ? { items, done } : done;
  }
}
