// What generation offers the other areas: they import it from here and from nowhere else in functions/generation/
// (.dependency-cruiser.mjs, areas-meet-through-their-door).
export { GALLERY_LIMITS } from './domain/gallery.ts';
export type { Allowed, ResultFiles, ResultImages, TeamPayer, TeamPayers } from './domain/ports.ts';
export { downloadName, isTaskId } from './domain/task-names.ts';
export { isWithheld, type TaskStore } from './domain/tasks.ts';
export { SharpResultImages } from './images/result-images.ts';
export { archiveKey, RESULT_PREFIXES, S3ResultFiles } from './s3/result-files.ts';
