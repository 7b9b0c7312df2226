// The AI provider's daily caps: the config core reads their defaults, generation's provider-budget.ts
// enforces them.

export interface ProviderBudgetLimits {
  /** provider calls one account may cause in a UTC day */
  perAccountPerDay: number;
  /** provider calls the whole stage may make in a UTC day */
  overallPerDay: number;
}

export const DEFAULT_PROVIDER_BUDGET: ProviderBudgetLimits = { perAccountPerDay: 200, overallPerDay: 5000 };
