// The teams store (functions/teams/domain/ports.ts) on the single table. Keys in keys.ts, items and access
// patterns in docs/data-model.md ("Teams"). Every count that guards money or seats is a condition of the
// write that changes it: a join takes a seat under `seats_used < seats_total` in the same transaction as
// the member, the account's pointer (one team per person) and the link's use counter.
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type TransactItem, transactWithRetry } from '#platform/dynamodb/balance-transaction.ts';
import { batchGet } from '#platform/dynamodb/batch-get.ts';
import { consistentGet } from '#platform/dynamodb/client.ts';
import { writtenUnlessConditionFails } from '#platform/dynamodb/conditions.ts';
import { keys, ownedBy, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import { queryPages } from '#platform/dynamodb/query-pages.ts';
import type { Language } from '#shared/language.ts';
import type { Allowed, TeamPayer } from '../../generation/public.ts';
import type {
  ChosenHeadshot,
  InviteLinkRecord,
  JoinCode,
  JoinResult,
  Member,
  Membership,
  MembersPage,
  NewInvite,
  SeatTaken,
  Team,
  TeamStore,
} from '../domain/ports.ts';
import { DynamoTeamAccess } from './team-access.ts';
import { DynamoTeamMembers, toMember } from './team-members.ts';
import { DynamoTeamOwnSeat } from './team-own-seat.ts';
import { DynamoTeamPayers } from './team-payers.ts';
import { chosenMarkRelease, seatClaimPut, seatClaimRelease, seatRelease } from './team-seat-claims.ts';

/** Twenty people joining at once meet on the team's counter: each retries until it holds or runs out. */
const JOIN_ATTEMPTS = 60;

type Item = Record<string, unknown>;
const num = (v: unknown): number => Number(v ?? 0);
const numOrNull = (v: unknown): number | null => (v === undefined || v === null ? null : Number(v));

const toLink = (i: Item): InviteLinkRecord => ({
  teamId: String(i.team_id),
  linkId: String(i.link_id),
  codeHash: String(i.code_hash),
  domains: (i.domains as string[]) ?? [],
  maxUses: num(i.max_uses),
  uses: num(i.uses),
  expiresAt: num(i.link_expires_at),
  revokedAt: numOrNull(i.revoked_at),
  createdAt: num(i.created_at),
  createdBy: (i.created_by as string | undefined) ?? null,
});

export class DynamoTeamStore implements TeamStore {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  async createTeam(team: Team, owner: { memberId: string; email: string }): Promise<boolean> {
    const items: TransactItem[] = [
      {
        Put: {
          TableName: this.table,
          Item: {
            ...keys.teamMembership(team.ownerId),
            team_id: team.id,
            member_id: owner.memberId,
            role: 'owner',
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: this.table,
          Item: {
            ...keys.team(team.id),
            team_id: team.id,
            name: team.name,
            owner_id: team.ownerId,
            domains: team.domains,
            lang: team.lang,
            seats_total: 0,
            seats_used: 0,
            invites_pending: 0,
            allowed_styles: team.allowed.styles,
            allowed_combos: team.allowed.combos,
            created_at: team.createdAt,
            // The team is its owner's: deleting the owner's account finds it by key (docs/data-model.md).
            ...ownedBy(team.ownerId),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: this.table,
          Item: {
            ...keys.teamMember(team.id, owner.memberId),
            ...ownedBy(team.ownerId),
            team_id: team.id,
            member_id: owner.memberId,
            user_id: team.ownerId,
            email: owner.email,
            role: 'owner',
            has_seat: false,
            allowance_total: 0,
            allowance_left: 0,
            allowance_spent: 0,
            finished: 0,
            joined_at: team.createdAt,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: this.table,
          Item: {
            ...keys.teamInvite(team.id, owner.email),
            email: owner.email,
            member_id: owner.memberId,
            joined: true,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ];
    return transactWithRetry<boolean>(this.db, async () => ({ items, done: true, failedAt: { 0: false } }));
  }

  membershipOf(userId: string): Promise<Membership | null> {
    return new DynamoTeamAccess(this.db, this.table).membershipOf(userId);
  }

  payerFor(userId: string): Promise<TeamPayer | null> {
    return new DynamoTeamPayers(this.db, this.table).payerFor(userId);
  }

  getTeam(teamId: string): Promise<Team | null> {
    return new DynamoTeamAccess(this.db, this.table).getTeam(teamId);
  }

  async getMember(teamId: string, memberId: string): Promise<Member | null> {
    const item = await consistentGet(this.db, this.table, keys.teamMember(teamId, memberId));
    return item ? toMember(item) : null;
  }

  listMembers(teamId: string, limit: number, cursor: string | null): Promise<MembersPage> {
    return new DynamoTeamMembers(this.db, this.table).listMembers(teamId, limit, cursor);
  }

  async knownEmails(teamId: string, emails: string[]): Promise<Map<string, 'member' | 'already_invited'>> {
    const known = new Map<string, 'member' | 'already_invited'>();
    const wanted = emails.map((e) => keys.teamInvite(teamId, e));
    for (const item of await batchGet(this.db, this.table, wanted))
      known.set(String(item.email), item.joined === true ? 'member' : 'already_invited');
    return known;
  }

  /** A team's seat counters as addInvite last read them (only a condition's expected values: never trusted). */
  private readonly seatsRead = new Map<string, { total: number; used: number }>();

  async addInvite(
    teamId: string,
    invite: NewInvite,
    now: number,
    maxPending: (seatsTotal: number, seatsUsed: number) => number,
  ): Promise<boolean | 'no-room'> {
    let attempt = 0;
    return transactWithRetry<boolean | 'no-room'>(
      this.db,
      async () => {
        // The limit follows the team's seats as last read (a list of 500 reads them once, not 500 times);
        // the condition holds the counters to that read, so a join or a purchase meanwhile, or a full team,
        // fails it and the next attempt reads them again and says whether there is room.
        attempt += 1;
        let seats = attempt === 1 ? this.seatsRead.get(teamId) : undefined;
        if (!seats) {
          const team = await consistentGet(this.db, this.table, keys.team(teamId));
          if (!team || team.dissolved_at !== undefined) return false;
          seats = { total: num(team.seats_total), used: num(team.seats_used) };
          if (num(team.invites_pending) >= maxPending(seats.total, seats.used)) return 'no-room';
          if (this.seatsRead.size >= 1000) this.seatsRead.clear();
          this.seatsRead.set(teamId, seats);
        }
        const seatsTotal = seats.total;
        const seatsUsed = seats.used;
        const cap = maxPending(seatsTotal, seatsUsed);
        return {
          items: [
            {
              Put: {
                TableName: this.table,
                Item: {
                  ...keys.teamInvite(teamId, invite.email),
                  email: invite.email,
                  member_id: invite.memberId,
                  code_hash: invite.codeHash,
                  invited_at: now,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: this.table,
                Item: {
                  ...keys.teamMember(teamId, invite.memberId),
                  team_id: teamId,
                  member_id: invite.memberId,
                  email: invite.email,
                  role: 'member',
                  has_seat: false,
                  allowance_total: 0,
                  allowance_left: 0,
                  allowance_spent: 0,
                  finished: 0,
                  invited_at: now,
                  code_hash: invite.codeHash,
                  // counted in the team's invites_pending: a join or a removal of this row counts it out
                  pending_counted: true,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: this.table,
                Item: {
                  ...keys.teamCode(invite.codeHash),
                  kind: 'invite',
                  team_id: teamId,
                  member_id: invite.memberId,
                  email: invite.email,
                  code_expires_at: invite.codeExpiresAt,
                  [TTL_ATTRIBUTE]: invite.codeExpiresAt,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Update: {
                TableName: this.table,
                Key: keys.team(teamId),
                UpdateExpression: 'SET invites_pending = if_not_exists(invites_pending, :zero) + :one',
                ConditionExpression:
                  'attribute_not_exists(dissolved_at) AND seats_total = :total AND seats_used = :used AND (attribute_not_exists(invites_pending) OR invites_pending < :cap)',
                ExpressionAttributeValues: {
                  ':zero': 0,
                  ':one': 1,
                  ':total': seatsTotal,
                  ':used': seatsUsed,
                  ':cap': cap,
                },
              },
            },
          ],
          done: true,
          // The team's condition (position 3) is not listed: the counters moved since the read, read again.
          failedAt: { 0: false },
        };
      },
      JOIN_ATTEMPTS,
    );
  }

  async saveLink(link: InviteLinkRecord): Promise<void> {
    await transactWithRetry<true>(this.db, async () => ({
      items: [
        {
          Put: {
            TableName: this.table,
            Item: {
              ...keys.teamLink(link.teamId, link.linkId),
              team_id: link.teamId,
              link_id: link.linkId,
              code_hash: link.codeHash,
              domains: link.domains,
              max_uses: link.maxUses,
              uses: 0,
              link_expires_at: link.expiresAt,
              created_at: link.createdAt,
              ...(link.createdBy ? { created_by: link.createdBy } : {}),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: this.table,
            Item: {
              ...keys.teamCode(link.codeHash),
              kind: 'link',
              team_id: link.teamId,
              link_id: link.linkId,
              code_expires_at: link.expiresAt,
              [TTL_ATTRIBUTE]: link.expiresAt,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
      done: true,
    }));
  }

  async getLink(teamId: string, linkId: string): Promise<InviteLinkRecord | null> {
    const item = await consistentGet(this.db, this.table, keys.teamLink(teamId, linkId));
    return item ? toLink(item) : null;
  }

  async listLinks(teamId: string): Promise<InviteLinkRecord[]> {
    const links: InviteLinkRecord[] = [];
    for await (const page of queryPages(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.team(teamId).pk, ':prefix': keys.teamLinkPrefix },
      ConsistentRead: true,
    }))
      links.push(...page.map(toLink));
    return links;
  }

  async revokeLink(teamId: string, linkId: string, now: number): Promise<boolean> {
    return writtenUnlessConditionFails(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.teamLink(teamId, linkId),
          UpdateExpression: 'SET revoked_at = if_not_exists(revoked_at, :now)',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':now': now },
        }),
      ),
    );
  }

  async findCode(codeHash: string): Promise<JoinCode | null> {
    const item = await consistentGet(this.db, this.table, keys.teamCode(codeHash));
    if (!item) return null;
    const expiresAt = num(item.code_expires_at);
    if (item.kind === 'link')
      return { kind: 'link', teamId: String(item.team_id), linkId: String(item.link_id), expiresAt };
    return {
      kind: 'invite',
      teamId: String(item.team_id),
      memberId: String(item.member_id),
      email: String(item.email),
      expiresAt,
      revokedAt: item.revoked_at === undefined ? null : num(item.revoked_at),
    };
  }

  async invitedMemberId(teamId: string, email: string): Promise<string | null> {
    const item = await consistentGet(this.db, this.table, keys.teamInvite(teamId, email));
    return item && item.joined !== true ? String(item.member_id) : null;
  }

  async join(j: Parameters<TeamStore['join']>[0]): Promise<JoinResult> {
    type Step = JoinResult | 'link';
    const memberFields = {
      ':user': j.user.id,
      ':now': j.now,
      ':yes': true,
      ':allowance': j.allowance,
      ':zero': 0,
      ':owner': ownedBy(j.user.id).owned_by,
      ...(j.photosReadyUntil === null ? {} : { ':photos': j.photosReadyUntil }),
    };
    // An invitation counted pending (addInvite) stops being pending as it is joined.
    const pendingCounted =
      j.invited &&
      (await consistentGet(this.db, this.table, keys.teamMember(j.teamId, j.memberId)))?.pending_counted ===
        true;
    const items: TransactItem[] = [
      {
        Update: {
          TableName: this.table,
          Key: keys.team(j.teamId),
          UpdateExpression: `SET seats_used = seats_used + :one${pendingCounted ? ', invites_pending = invites_pending - :one' : ''}`,
          ConditionExpression: 'attribute_exists(pk) AND seats_used < seats_total',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
      {
        Put: {
          TableName: this.table,
          Item: {
            ...keys.teamMembership(j.user.id),
            team_id: j.teamId,
            member_id: j.memberId,
            role: 'member',
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      j.invited
        ? {
            Update: {
              TableName: this.table,
              Key: keys.teamMember(j.teamId, j.memberId),
              UpdateExpression: `SET user_id = :user, joined_at = :now, has_seat = :yes, allowance_total = :allowance, allowance_left = :allowance, allowance_spent = :zero, owned_by = :owner${j.photosReadyUntil === null ? '' : ', photos_ready_until = :photos'}`,
              ConditionExpression:
                'attribute_exists(pk) AND attribute_not_exists(user_id) AND attribute_not_exists(left_at)',
              ExpressionAttributeValues: memberFields,
            },
          }
        : {
            Put: {
              TableName: this.table,
              Item: {
                ...keys.teamMember(j.teamId, j.memberId),
                ...ownedBy(j.user.id),
                team_id: j.teamId,
                member_id: j.memberId,
                user_id: j.user.id,
                email: j.user.email,
                role: 'member',
                has_seat: true,
                allowance_total: j.allowance,
                allowance_left: j.allowance,
                allowance_spent: 0,
                finished: 0,
                joined_at: j.now,
                ...(j.photosReadyUntil === null ? {} : { photos_ready_until: j.photosReadyUntil }),
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
    ];
    // The address's claim on the team: an invitation's becomes a member's; a member by link gets one, so a
    // later invitation of the same address is reported, not sent.
    items.push(
      j.invited
        ? {
            Update: {
              TableName: this.table,
              Key: keys.teamInvite(j.teamId, j.user.email),
              UpdateExpression: 'SET joined = :yes',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':yes': true },
            },
          }
        : {
            Put: {
              TableName: this.table,
              Item: {
                ...keys.teamInvite(j.teamId, j.user.email),
                email: j.user.email,
                member_id: j.memberId,
                joined: true,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
    );
    const linkAt = items.length;
    if (j.linkId)
      items.push({
        Update: {
          TableName: this.table,
          Key: keys.teamLink(j.teamId, j.linkId),
          UpdateExpression: 'ADD uses :one',
          ConditionExpression:
            'attribute_exists(pk) AND uses < max_uses AND attribute_not_exists(revoked_at) AND link_expires_at > :now',
          ExpressionAttributeValues: { ':one': 1, ':now': j.now },
        },
      });
    const failedAt: Record<number, Step> = {
      0: { ok: false, reason: 'no-seat' },
      1: { ok: false, reason: 'already-in-team' },
      2: { ok: false, reason: 'invite-used' },
      3: { ok: false, reason: 'invite-used' },
    };
    if (j.linkId) failedAt[linkAt] = 'link';
    // One seat per mailbox in the team: another address of the same mailbox holds it (team-seat-claims.ts).
    failedAt[items.length] = { ok: false, reason: 'mailbox-has-seat' };
    items.push(seatClaimPut(this.table, j.teamId, j.user.email, j.memberId));
    const step = await transactWithRetry<Step>(
      this.db,
      async () => ({ items, done: { ok: true, memberId: j.memberId }, failedAt }),
      JOIN_ATTEMPTS,
    );
    if (step !== 'link') return step;
    // The link changed between the check and the join: say how.
    const link = j.linkId ? await this.getLink(j.teamId, j.linkId) : null;
    if (!link || link.revokedAt !== null) return { ok: false, reason: 'revoked' };
    if (link.expiresAt <= j.now) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'cap' };
  }

  async setAllowed(teamId: string, allowed: Allowed): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.team(teamId),
        UpdateExpression: 'SET allowed_styles = :styles, allowed_combos = :combos',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':styles': allowed.styles, ':combos': allowed.combos },
      }),
    );
  }

  async setLanguage(teamId: string, lang: Language): Promise<boolean> {
    return writtenUnlessConditionFails(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.team(teamId),
          UpdateExpression: 'SET lang = :lang',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(dissolved_at)',
          ExpressionAttributeValues: { ':lang': lang },
        }),
      ),
    );
  }

  async setRole(teamId: string, memberId: string, role: 'admin' | 'member', now: number): Promise<boolean> {
    const member = await this.getMember(teamId, memberId);
    if (!member?.userId || member.leftAt !== null || member.role === 'owner') return false;
    const userId = member.userId;
    return transactWithRetry<boolean>(this.db, async () => ({
      items: [
        {
          Update: {
            TableName: this.table,
            Key: keys.teamMember(teamId, memberId),
            // When they became an admin: the longest-serving admin takes the team over when its owner's
            // account is deleted (team-departures.ts).
            UpdateExpression:
              role === 'admin'
                ? 'SET #role = :role, admin_since = if_not_exists(admin_since, :now)'
                : 'SET #role = :role REMOVE admin_since',
            // The owner stays, even one who was an admin when read (team-departures.ts hands a deleted
            // owner's team to an admin).
            ConditionExpression:
              'user_id = :user AND attribute_not_exists(left_at) AND (attribute_not_exists(#role) OR #role <> :owner)',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: {
              ':role': role,
              ':user': userId,
              ':owner': 'owner',
              ...(role === 'admin' ? { ':now': now } : {}),
            },
          },
        },
        {
          Update: {
            TableName: this.table,
            Key: keys.teamMembership(userId),
            UpdateExpression: 'SET #role = :role',
            ConditionExpression: 'team_id = :team AND member_id = :member',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: { ':role': role, ':team': teamId, ':member': memberId },
          },
        },
      ],
      done: true,
      failedAt: { 0: false, 1: false },
    }));
  }

  async markReminded(teamId: string, memberId: string, now: number, minGapSeconds: number): Promise<boolean> {
    return writtenUnlessConditionFails(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.teamMember(teamId, memberId),
          UpdateExpression: 'SET reminded_at = :now',
          ConditionExpression:
            'attribute_exists(pk) AND attribute_not_exists(left_at) AND (attribute_not_exists(reminded_at) OR reminded_at <= :since)',
          ExpressionAttributeValues: { ':now': now, ':since': now - minGapSeconds },
        }),
      ),
    );
  }

  async grantRetry(teamId: string, memberId: string, maxGrants: number): Promise<number | 'cap' | null> {
    try {
      // The count of grants rises with the allowance, under the cap: concurrent grants cannot pass it.
      const res = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.teamMember(teamId, memberId),
          UpdateExpression: 'ADD allowance_total :one, allowance_left :one, retries_granted :one',
          ConditionExpression:
            'attribute_exists(pk) AND attribute_not_exists(left_at) AND has_seat = :yes AND (attribute_not_exists(retries_granted) OR retries_granted < :max)',
          ExpressionAttributeValues: { ':one': 1, ':yes': true, ':max': maxGrants },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return num(res.Attributes?.allowance_left);
    } catch (e) {
      if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
      // Which part failed: a member still seated here has had all the grants a seat allows.
      const item = await consistentGet(this.db, this.table, keys.teamMember(teamId, memberId));
      const seated = item && item.left_at === undefined && item.has_seat === true;
      return seated && Number(item.retries_granted ?? 0) >= maxGrants ? 'cap' : null;
    }
  }

  async removeMember(teamId: string, memberId: string, now: number): Promise<boolean> {
    return transactWithRetry<boolean>(this.db, async () => {
      const item = await consistentGet(this.db, this.table, keys.teamMember(teamId, memberId));
      if (!item || item.left_at !== undefined) return false;
      const m = toMember(item);
      // The owner stays: the condition holds it too, for an admin who became the owner since it was read
      // (their owner's account deleted, team-departures.ts).
      if (m.role === 'owner') return false;
      // A seat nobody generated with goes back to the team; one that made avatars was used.
      const freesSeat = m.hasSeat && m.allowanceSpent === 0;
      const items: TransactItem[] = [
        {
          Update: {
            TableName: this.table,
            Key: keys.teamMember(teamId, memberId),
            // Their chosen headshot leaves the team with them (the dashboard and the CSV show none).
            UpdateExpression: 'SET left_at = :now, has_seat = :no REMOVE chosen',
            ConditionExpression:
              'attribute_not_exists(left_at) AND allowance_spent = :spent AND (attribute_not_exists(#role) OR #role <> :owner)',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: {
              ':now': now,
              ':no': false,
              ':spent': m.allowanceSpent,
              ':owner': 'owner',
            },
          },
        },
        { Delete: { TableName: this.table, Key: keys.teamInvite(teamId, m.email) } },
      ];
      if (m.userId)
        items.push({
          Delete: {
            TableName: this.table,
            Key: keys.teamMembership(m.userId),
            ConditionExpression: 'attribute_not_exists(pk) OR team_id = :team',
            ExpressionAttributeValues: { ':team': teamId },
          },
        });
      // Their mailbox's seat claim goes (they may join again), and the mark on the task they had chosen.
      items.push(...(await seatClaimRelease(this.db, this.table, teamId, memberId, m.email)));
      if (m.userId && m.chosen)
        items.push(...(await chosenMarkRelease(this.db, this.table, m.userId, m.chosen.taskId)));
      // The invitation's code stays until it expires, marked withdrawn: its link then says so rather than
      // "does not exist" (a code already gone with its expiry is left alone).
      if (
        typeof item.code_hash === 'string' &&
        (await consistentGet(this.db, this.table, keys.teamCode(item.code_hash)))
      )
        items.push({
          Update: {
            TableName: this.table,
            Key: keys.teamCode(item.code_hash),
            UpdateExpression: 'SET revoked_at = :now',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':now': now },
          },
        });
      // A withdrawn invitation is no longer pending (addInvite counted it).
      if (m.userId === null && item.pending_counted === true)
        items.push({
          Update: {
            TableName: this.table,
            Key: keys.team(teamId),
            UpdateExpression: 'SET invites_pending = invites_pending - :one',
            ConditionExpression: 'invites_pending > :zero',
            ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
          },
        });
      if (freesSeat) items.push(seatRelease(this.table, teamId));
      return { items, done: true };
    });
  }

  takeSeat(t: Parameters<TeamStore['takeSeat']>[0]): Promise<SeatTaken> {
    return new DynamoTeamOwnSeat(this.db, this.table).takeSeat(t);
  }

  giveBackSeat(teamId: string, memberId: string, userId: string) {
    return new DynamoTeamOwnSeat(this.db, this.table).giveBackSeat(teamId, memberId, userId);
  }

  setChosen(
    userId: string,
    teamId: string,
    memberId: string,
    chosen: ChosenHeadshot | null,
  ): Promise<boolean | 'no-seat'> {
    return new DynamoTeamPayers(this.db, this.table).setChosen(userId, teamId, memberId, chosen);
  }
}
