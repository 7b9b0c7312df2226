// What teams offers the other areas: they import it from here and from nowhere else in functions/teams/
// (.dependency-cruiser.mjs, areas-meet-through-their-door). Rules, types and ports only, no infrastructure
// however far down (the-door-holds-no-infrastructure), so another area's domain may import it; the adapters
// another area's entries build are in adapters.ts.
export { type ChosenDeps, setChosen } from './domain/chosen.ts';
export { prepareTeamArchive, type TeamArchiveDeps } from './domain/headshots-zip.ts';
export type {
  SeatCheckoutProvider,
  SeatCheckoutRecords,
  SeatPurchaseView,
  TeamArchiveQueue,
  TeamDepartures,
} from './domain/ports.ts';
export { type SeatCheckoutDeps, seatCheckout, seatPurchases } from './domain/seat-checkout.ts';
export { teamPageUrl } from './domain/team-access.ts';
