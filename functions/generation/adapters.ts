// What generation lets the other areas' entries build: the finished avatars in the media bucket and their
// images (S3, sharp). Only their composition roots and Lambda entries (*wiring.ts, *handler.ts) import it,
// and tests and infra/; their domain, routes and adapters take the area's rules, types and ports from
// public.ts only (.dependency-cruiser.mjs, roots-meet-through-door-or-wiring, areas-meet-through-their-door).
export { SharpResultImages } from './images/result-images.ts';
export { S3ResultFiles } from './s3/result-files.ts';
