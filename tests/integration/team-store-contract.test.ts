// The teams adapters (functions/adapters/dynamodb/team-*.ts) against the contract their fake is held to
// (tests/contracts/team-store.contract.ts, the fake's run: tests/domain/team-store-contract.test.ts), on the
// shared stack's DynamoDB Local.
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../functions/adapters/dynamodb/keys.ts';
import { DynamoTeamDepartures } from '../../functions/adapters/dynamodb/team-departures.ts';
import { memberAllowanceChange } from '../../functions/adapters/dynamodb/team-payers.ts';
import { DynamoTeamPhotoProgress } from '../../functions/adapters/dynamodb/team-photo-progress.ts';
import { DynamoTeamStore } from '../../functions/adapters/dynamodb/team-store.ts';
import { teamStoreContract } from '../contracts/team-store.contract.ts';
import { stack } from '../support/api.ts';
import { testDb } from '../support/avatars.ts';

const table = () => stack().tableName;

teamStoreContract(() => {
  const db = testDb();
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
});
