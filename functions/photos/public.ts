// What photos offers the other areas: they import it from here and from nowhere else in functions/photos/
// (.dependency-cruiser.mjs, areas-meet-through-their-door). Rules, types and ports only, no infrastructure
// however far down (the-door-holds-no-infrastructure), so another area's domain may import it; the adapters
// another area's entries build are in adapters.ts.
export { hasPhotoConsent } from './domain/consent.ts';
export { likenessScore, mayShowSomeoneElse, peopleIn } from './domain/faces/faces.ts';
export type {
  DetectedFace,
  FaceAnalyzer,
  PersonMatte,
  PersonSegmenter,
  RelativeBox,
  RelativePoint,
} from './domain/faces/ports.ts';
export { sniffPhotoType } from './domain/image-bytes.ts';
export { isUploadId, newUploadId, photoFilename, uploadIdOf } from './domain/photo-names.ts';
export type { PhotoFiles, PhotoImages, PhotoRecord, PhotoStore } from './domain/ports.ts';
export { photosAfterAvatarsReady } from './domain/retention.ts';
export { type MemberPhotos, photosReadyUntil, type TeamPhotoProgress } from './domain/team-photo-progress.ts';
