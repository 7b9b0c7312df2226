// The billing group's reads and writes for a team's seats, in memory (TeamAccessReads and
// SeatCheckoutRecords of functions/teams/domain/ports.ts), with the rules of
// functions/billing/dynamodb/seat-checkouts.ts: the team keeps the first customer stored (a condition on
// its item), whatever customer a later or concurrent checkout brings.
import type {
  Membership,
  SeatCheckoutRecords,
  SeatPurchaseView,
  Team,
  TeamAccessReads,
} from '../../../functions/teams/domain/ports.ts';

export class FakeSeatCheckouts implements TeamAccessReads, SeatCheckoutRecords {
  readonly teams = new Map<string, Team>();
  readonly pointers = new Map<string, Membership>();
  readonly checkouts: Parameters<SeatCheckoutRecords['recordSeatCheckout']>[0][] = [];
  /** team id -> its purchases, newest first (listSeatPurchases), set by a test */
  readonly purchases = new Map<string, SeatPurchaseView[]>();

  /** A team of `ownerId` (its owner's pointer too). */
  addTeam(team: Pick<Team, 'id' | 'name' | 'ownerId'>) {
    this.teams.set(team.id, {
      ...team,
      domains: [],
      lang: 'en',
      seatsTotal: 0,
      seatsUsed: 0,
      allowed: { styles: null, combos: null },
      createdAt: 0,
      dissolvedAt: null,
    });
    this.pointers.set(team.ownerId, { teamId: team.id, memberId: `m-${team.ownerId}`, role: 'owner' });
  }

  join(userId: string, teamId: string, role: Membership['role']) {
    this.pointers.set(userId, { teamId, memberId: `m-${userId}`, role });
  }

  async membershipOf(userId: string): Promise<Membership | null> {
    const p = this.pointers.get(userId);
    return p ? { ...p } : null;
  }

  async getTeam(teamId: string): Promise<Team | null> {
    const t = this.teams.get(teamId);
    return t ? { ...t } : null;
  }

  async linkTeamCustomer(teamId: string, customerId: string): Promise<string> {
    const team = this.teams.get(teamId);
    if (!team) throw new Error(`Team ${teamId} is gone: no customer to keep`);
    team.stripeCustomerId ??= customerId;
    return team.stripeCustomerId;
  }

  async listSeatPurchases(teamId: string, _now: number): Promise<SeatPurchaseView[]> {
    return [...(this.purchases.get(teamId) ?? [])];
  }

  async recordSeatCheckout(r: Parameters<SeatCheckoutRecords['recordSeatCheckout']>[0]): Promise<void> {
    this.checkouts.push({ ...r });
  }
}
