// Thin route handlers of the photos group: each takes the request's parts and calls one domain function.
import { PHOTO_LIMITS } from '../../shared/photo-rules.ts';
import {
  confirmUploads,
  deletePhoto,
  listPhotos,
  type PhotoDeps,
  photoData,
  setDeleteAfterGeneration,
  setPhotoConsent,
  uploadPhotoFiles,
  uploadTargets,
} from '../domain/photos/photos.ts';
import type { RouteHandlers } from '../http/group-handler.ts';
import { formFiles } from '../http/multipart.ts';

const TOO_LARGE = `The request is too large for this route (at most ${PHOTO_LIMITS.maxMultipartBytes / (1024 * 1024)} MB in all). Upload bigger photos from the Manage Photos screen.`;

export const photoRoutes = (deps: PhotoDeps): RouteHandlers<'photos'> => ({
  listPhotos: ({ user }) => listPhotos(deps, user),
  photoData: ({ user, params }) => photoData(deps, user, params.filename ?? ''),
  deletePhoto: ({ user, params }) => deletePhoto(deps, user, params.filename ?? ''),
  uploadPhotos: ({ user, event }) =>
    uploadPhotoFiles(deps, user, formFiles(event, 'photos', PHOTO_LIMITS.maxMultipartBytes, TOO_LARGE)),
  photoUploadTargets: ({ user, body }) => uploadTargets(deps, user, body.files),
  confirmPhotoUploads: ({ user, body }) => confirmUploads(deps, user, body.uploads),
  photoConsent: async ({ user, body }) => ({
    success: true,
    consent: await setPhotoConsent(deps, user, body),
  }),
  photoRetention: async ({ user, body }) => ({
    success: true,
    delete_after_generation: await setDeleteAfterGeneration(deps, user, body.delete_after_generation),
  }),
});
