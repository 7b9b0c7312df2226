import { api } from '../../lib/api-client.ts';

/** Sends the browser to the payment provider's billing dashboard. */
export async function openBillingDashboard(): Promise<void> {
  const { dashboard_url } = await api('billingDashboard');
  window.location.assign(dashboard_url);
}
