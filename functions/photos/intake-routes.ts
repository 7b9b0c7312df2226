// Thin route handlers of the photo-intake group: the two ways photos come in, each decoded and face-checked.

import type { RouteHandlers } from '#platform/http/group-handler.ts';
import { formFiles } from '#platform/http/multipart.ts';
import { PHOTO_LIMITS } from '#shared/photo-rules.ts';
import { confirmCaptured } from './domain/capture-links.ts';
import { confirmUploads, uploadPhotoFiles } from './domain/intake.ts';
import type { PhotoIntakeDeps } from './domain/ports.ts';

const TOO_LARGE = `The request is too large for this route (at most ${PHOTO_LIMITS.maxMultipartBytes / (1024 * 1024)} MB in all). Upload bigger photos from the Manage Photos screen.`;

export const photoIntakeRoutes = (deps: PhotoIntakeDeps): RouteHandlers<'photo-intake'> => ({
  uploadPhotos: ({ user, event }) =>
    uploadPhotoFiles(deps, user, formFiles(event, 'photos', PHOTO_LIMITS.maxMultipartBytes, TOO_LARGE)),
  confirmPhotoUploads: ({ user, body, capture }) =>
    capture ? confirmCaptured(deps, user, capture, body.uploads) : confirmUploads(deps, user, body.uploads),
});
