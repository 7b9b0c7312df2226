// What photos offers the other areas: they import it from here and from nowhere else in functions/photos/
// (.dependency-cruiser.mjs, areas-meet-through-their-door).
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
export { DynamoPhotoLister } from './dynamodb/photo-items.ts';
export { DynamoPhotoStore } from './dynamodb/photo-store.ts';
export { FaceApiAnalyzer, loadFaceModel } from './faces/face-api-analyzer.ts';
export { RvmPersonSegmenter } from './faces/person-segmenter.ts';
export { SharpImages } from './images/sharp-images.ts';
export { S3PhotoFiles } from './s3/photo-files.ts';
