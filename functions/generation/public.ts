// What generation offers the other areas: they import it from here and from nowhere else in functions/generation/
// (.dependency-cruiser.mjs, areas-meet-through-their-door). Rules, types and ports only, no infrastructure
// however far down (the-door-holds-no-infrastructure), so another area's domain may import it; the adapters
// another area's entries build are in adapters.ts.
export { GALLERY_LIMITS } from './domain/gallery.ts';
export type { Allowed, ResultFiles, ResultImages, TeamPayer, TeamPayers } from './domain/ports.ts';
export { downloadName, isTaskId } from './domain/task-names.ts';
export { isWithheld, type TaskStore } from './domain/tasks.ts';
