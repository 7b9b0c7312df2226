// The provider's daily call counters in memory (ProviderBudgetStore in
// functions/generation/domain/provider-budget.ts; DynamoDB in functions/generation/dynamodb/provider-budget-store.ts):
// the account's counter and the stage's, each added to only while it stays within its cap, nothing counted
// when either refuses, and a release never taking a counter below zero.
import type {
  BudgetReservation,
  ProviderBudgetStore,
} from '../../../functions/generation/domain/provider-budget.ts';

export class FakeProviderBudget implements ProviderBudgetStore {
  private readonly counters = new Map<string, number>();

  async reserve(input: Parameters<ProviderBudgetStore['reserve']>[0]): Promise<BudgetReservation> {
    const { userId, day, calls, limits } = input;
    const account = `${day}#${userId}`;
    const overall = day;
    if ((this.counters.get(account) ?? 0) + calls > limits.perAccountPerDay)
      return { outcome: 'account-cap-reached' };
    if ((this.counters.get(overall) ?? 0) + calls > limits.overallPerDay)
      return { outcome: 'overall-cap-reached' };
    this.counters.set(account, (this.counters.get(account) ?? 0) + calls);
    const overallUsed = (this.counters.get(overall) ?? 0) + calls;
    this.counters.set(overall, overallUsed);
    return { outcome: 'reserved', overallUsed };
  }

  async release(input: { userId: string; day: string; calls: number }): Promise<void> {
    for (const k of [`${input.day}#${input.userId}`, input.day]) {
      const n = this.counters.get(k) ?? 0;
      if (n >= input.calls) this.counters.set(k, n - input.calls);
    }
  }

  /** The calls counted for an account on a day (what tests read back). */
  used(userId: string, day: string): number {
    return this.counters.get(`${day}#${userId}`) ?? 0;
  }

  overallUsed(day: string): number {
    return this.counters.get(day) ?? 0;
  }
}
