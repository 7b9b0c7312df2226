// Thin route handlers of the photos group: each takes the request's parts and calls one domain function.
// Taking photos in (decoding, the face check) is the photo-intake group's.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { jsonResponse } from '#platform/http/error-mapper.ts';
import type { RouteHandlers } from '#platform/http/group-handler.ts';
import {
  captureUploadTargets,
  createCaptureLink,
  currentCaptureLink,
  openCaptureLink,
  revokeCaptureLink,
} from './domain/capture-links.ts';
import {
  deletePhoto,
  listPhotos,
  type PhotoDeps,
  photoData,
  setDeleteAfterGeneration,
  setPhotoConsent,
  uploadTargets,
} from './domain/photos.ts';

const created = (body: unknown): APIGatewayProxyStructuredResultV2 => jsonResponse(201, body);

export const photoRoutes = (deps: PhotoDeps): RouteHandlers<'photos'> => ({
  listPhotos: ({ user }) => listPhotos(deps, user),
  photoData: ({ user, params }) => photoData(deps, user, params.filename ?? ''),
  deletePhoto: ({ user, params }) => deletePhoto(deps, user, params.filename ?? ''),
  photoUploadTargets: ({ user, body, capture }) =>
    capture ? captureUploadTargets(deps, user, capture, body.files) : uploadTargets(deps, user, body.files),
  photoConsent: async ({ user, body }) => ({
    success: true,
    consent: await setPhotoConsent(deps, user, body),
  }),
  photoRetention: async ({ user, body }) => ({
    success: true,
    delete_after_generation: await setDeleteAfterGeneration(deps, user, body.delete_after_generation),
  }),
  createCaptureLink: async ({ user, body }) => created(await createCaptureLink(deps, user, body.language)),
  currentCaptureLink: ({ user }) => currentCaptureLink(deps, user),
  openCaptureLink: ({ event, clientAddress }) =>
    openCaptureLink(
      deps,
      { code: event.headers?.['x-capture-code'], device: event.headers?.['x-capture-device'] },
      clientAddress,
    ),
  revokeCaptureLink: ({ user, params }) => revokeCaptureLink(deps, user, params.code ?? ''),
});
