// The teams fake (tests/support/fakes/team-store.ts) against the contract its DynamoDB adapters are held to
// (tests/contracts/team-store.contract.ts; the adapters' run: tests/integration/team-store-contract.test.ts).
import { teamStoreContract } from '../contracts/team-store.contract.ts';
import { FakeTeamStore } from '../support/fakes/team-store.ts';

teamStoreContract(() => {
  const store = new FakeTeamStore();
  return {
    store,
    departures: store,
    progress: store,
    seats: async (teamId, n) => store.creditSeats(teamId, n),
    task: async (t) => store.putTask(t),
    spend: async (teamId, memberId, avatars) => store.changeAllowance(teamId, memberId, avatars),
    taskChosenAt: async (userId, taskId) => store.tasks.get(`${userId}/${taskId}`)?.teamChosenAt ?? null,
  };
});
