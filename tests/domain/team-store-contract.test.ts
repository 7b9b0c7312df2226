// The teams fake (tests/support/fakes/team-store.ts) against the contract its DynamoDB adapters are held to
// (tests/contracts/team-store.contract.ts; the adapters' run: tests/integration/team-store-contract.test.ts).
import { type SeatClaimsSubject, teamSeatClaimsContract } from '../contracts/team-seat-claims.contract.ts';
import { teamStoreContract } from '../contracts/team-store.contract.ts';
import { FakeTeamStore } from '../support/fakes/team-store.ts';

const subject = (): SeatClaimsSubject => {
  const store = new FakeTeamStore();
  return {
    store,
    departures: store,
    progress: store,
    seats: async (teamId, n) => store.creditSeats(teamId, n),
    task: async (t) => store.putTask(t),
    spend: async (teamId, memberId, avatars) => store.changeAllowance(teamId, memberId, avatars),
    taskChosenAt: async (userId, taskId) => store.tasks.get(`${userId}/${taskId}`)?.teamChosenAt ?? null,
    deleteTask: async (userId, taskId) => void store.tasks.delete(`${userId}/${taskId}`),
  };
};

teamStoreContract(subject);
teamSeatClaimsContract(subject);
