// Thin route handlers of the photos group: each takes the request's parts and calls one domain function.
// Taking photos in (decoding, the face check) is the photo-intake group's.
import {
  deletePhoto,
  listPhotos,
  type PhotoDeps,
  photoData,
  setDeleteAfterGeneration,
  setPhotoConsent,
  uploadTargets,
} from '../domain/photos/photos.ts';
import type { RouteHandlers } from '../http/group-handler.ts';

export const photoRoutes = (deps: PhotoDeps): RouteHandlers<'photos'> => ({
  listPhotos: ({ user }) => listPhotos(deps, user),
  photoData: ({ user, params }) => photoData(deps, user, params.filename ?? ''),
  deletePhoto: ({ user, params }) => deletePhoto(deps, user, params.filename ?? ''),
  photoUploadTargets: ({ user, body }) => uploadTargets(deps, user, body.files),
  photoConsent: async ({ user, body }) => ({
    success: true,
    consent: await setPhotoConsent(deps, user, body),
  }),
  photoRetention: async ({ user, body }) => ({
    success: true,
    delete_after_generation: await setDeleteAfterGeneration(deps, user, body.delete_after_generation),
  }),
});
