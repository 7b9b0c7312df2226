// What photos lets the other areas' entries build: the photos' records, files and images and the face models
// (DynamoDB, S3, sharp, tfjs). Only their composition roots and Lambda entries (*wiring.ts, *handler.ts)
// import it, and tests and infra/; their domain, routes and adapters take the area's rules, types and ports
// from public.ts only (.dependency-cruiser.mjs, roots-meet-through-door-or-wiring,
// areas-meet-through-their-door).
export { DynamoPhotoLister } from './dynamodb/photo-items.ts';
export { DynamoPhotoStore } from './dynamodb/photo-store.ts';
export { FaceApiAnalyzer, loadFaceModel } from './faces/face-api-analyzer.ts';
export { RvmPersonSegmenter } from './faces/person-segmenter.ts';
export { SharpImages } from './images/sharp-images.ts';
export { S3PhotoFiles } from './s3/photo-files.ts';
