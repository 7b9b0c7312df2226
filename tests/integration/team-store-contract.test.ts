// The teams adapters (functions/teams/dynamodb/*.ts) against the contract their fake is held to
// (tests/contracts/team-store.contract.ts, the fake's run: tests/domain/team-store-contract.test.ts), on the
// shared stack's DynamoDB Local.
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '#platform/dynamodb/keys.ts';
import { memberAllowanceChange } from '../../functions/generation/dynamodb/team-allowance.ts';
import { DynamoTeamDepartures } from '../../functions/teams/dynamodb/team-departures.ts';
import { DynamoTeamPhotoProgress } from '../../functions/teams/dynamodb/team-photo-progress.ts';
import { DynamoTeamStore } from '../../functions/teams/dynamodb/team-store.ts';
import { teamSeatClaimsContract } from '../contracts/team-seat-claims.contract.ts';
import {
  joined,
  type TeamStoreSubject,
  teamStoreContract,
  team as teamWithLink,
} from '../contracts/team-store.contract.ts';
import { stack } from '../support/api.ts';
import { testDb } from '../support/avatars.ts';

const table = () => stack().tableName;

/** The adapters over `db`, as the contract takes them. */
function subject(db: DynamoDBDocumentClient = testDb()): TeamStoreSubject {
  return {
    store: new DynamoTeamStore(db, table()),
    departures: new DynamoTeamDepartures(db, table()),
    progress: new DynamoTeamPhotoProgress(db, table()),
    seats: async (teamId, n) => {
      await db.send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.team(teamId),
          UpdateExpression: 'SET seats_total = seats_total + :n',
          ExpressionAttributeValues: { ':n': n },
        }),
      );
    },
    task: async (t) => {
      // The attributes of a task item that setChosen's conditions read (task-items.ts).
      await db.send(
        new PutCommand({
          TableName: table(),
          Item: {
            ...keys.task(t.userId, t.taskId),
            status: t.status,
            paid_by: 'team',
            team_id: t.teamId,
            team_member_id: t.memberId,
          },
        }),
      );
    },
    spend: async (teamId, memberId, avatars) => {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [memberAllowanceChange(table(), { teamId, memberId }, { avatars })],
          }),
        );
        return true;
      } catch (e) {
        if ((e as Error).name === 'TransactionCanceledException') return false;
        throw e;
      }
    },
    taskChosenAt: async (userId, taskId) => {
      const res = await db.send(
        new GetCommand({ TableName: table(), Key: keys.task(userId, taskId), ConsistentRead: true }),
      );
      return (res.Item?.team_chosen_at as number | undefined) ?? null;
    },
  };
}

teamStoreContract(() => subject());
teamSeatClaimsContract(() => ({
  ...subject(),
  deleteTask: async (userId, taskId) => {
    await testDb().send(new DeleteCommand({ TableName: table(), Key: keys.task(userId, taskId) }));
  },
}));

/**
 * The owner stays (docs/product.md, "Teams"): when an owner's account is deleted, their longest-serving admin
 * becomes the owner (team-departures.ts). An admin removing that admin, or the old owner's last request
 * demoting them, read them as an admin a moment before: the write itself must refuse the owner, or the team
 * is left without one. The departure is run between the store's read and its write.
 */
describe('the owner stays, whoever read them as an admin a moment before', () => {
  const NOW = 1_900_000_000;

  /** A team, its owner and one admin, on the real table; `db` lets a write run before the store's next one. */
  async function teamWithAdmin() {
    const db = testDb();
    const s = subject(db);
    const { team, owner, link } = await teamWithLink(s);
    const admin = await joined(s, team.id, link.linkId);
    expect(await s.store.setRole(team.id, admin.memberId, 'admin', NOW + 1)).toBe(true);
    return { db, store: s.store, team, owner, admin };
  }

  /** The store over a client that runs `first` once, just before the store's first transaction. */
  function storeWithDepartureBefore(db: DynamoDBDocumentClient, first: () => Promise<unknown>) {
    let ran = false;
    const interleaved = {
      send: async (command: Parameters<DynamoDBDocumentClient['send']>[0]) => {
        if (!ran && command instanceof TransactWriteCommand) {
          ran = true;
          await first();
        }
        return db.send(command as never);
      },
    } as unknown as DynamoDBDocumentClient;
    return new DynamoTeamStore(interleaved, table());
  }

  it('an admin removing the admin who has just become the owner removes nobody', async () => {
    const { db, team, owner, admin } = await teamWithAdmin();
    const departures = new DynamoTeamDepartures(db, table());
    const store = storeWithDepartureBefore(db, () => departures.leaveOnDeletion(owner.id, NOW + 50));
    expect(await store.removeMember(team.id, admin.memberId, NOW + 60)).toBe(false);
    expect(await store.getMember(team.id, admin.memberId)).toMatchObject({ role: 'owner', leftAt: null });
    expect(await store.membershipOf(admin.id)).toEqual({
      teamId: team.id,
      memberId: admin.memberId,
      role: 'owner',
    });
  });

  it('demoting the admin who has just become the owner changes nothing', async () => {
    const { db, team, owner, admin } = await teamWithAdmin();
    const departures = new DynamoTeamDepartures(db, table());
    const store = storeWithDepartureBefore(db, () => departures.leaveOnDeletion(owner.id, NOW + 50));
    expect(await store.setRole(team.id, admin.memberId, 'member', NOW + 60)).toBe(false);
    expect(await store.getMember(team.id, admin.memberId)).toMatchObject({ role: 'owner', leftAt: null });
    expect((await store.membershipOf(admin.id))?.role).toBe('owner');
  });
});
