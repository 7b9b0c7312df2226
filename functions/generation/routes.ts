// Thin route handlers of the avatars group: each takes the request's parts and calls one domain function.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { jsonResponse } from '#platform/http/error-mapper.ts';
import type { RouteHandlers } from '#platform/http/group-handler.ts';
import { listActiveStyles } from '../styles/public.ts';
import { setChosen } from '../teams/public.ts';
import { createAvatarBatch } from './domain/create-batch.ts';
import { askForEdit } from './domain/edits.ts';
import { setFavourite } from './domain/favourites.ts';
import { diagnose, listUserTasks, parsePreset, resultData, resultImage } from './domain/gallery.ts';
import { createDownloadLink } from './domain/gallery-links.ts';
import { keepWithheldAvatar } from './domain/keep-anyway.ts';
import { notificationSettings, setNotificationSettings } from './domain/notification-settings.ts';
import { archiveUrl, currentArchive } from './domain/result-archives.ts';
import { tryTaskAgain } from './domain/try-again.ts';
import type { TaskListEarlyReads } from './early-reads.ts';
import type { GenerationGroupDeps } from './wiring.ts';

const query = (event: APIGatewayProxyEventV2): Record<string, string | undefined> =>
  event.queryStringParameters ?? {};

const header = (event: APIGatewayProxyEventV2, name: string): string | null => {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(event.headers ?? {})) if (k.toLowerCase() === wanted) return v ?? null;
  return null;
};

/** A file answer: the bytes base64-encoded, as API Gateway expects binary bodies from Lambda. */
function fileResponse(
  bytes: Uint8Array,
  contentType: string,
  name: string,
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: 200,
    isBase64Encoded: true,
    headers: {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${name.replace(/["\\\r\n]/g, '')}"`,
      'cache-control': 'private, no-store',
    },
    body: Buffer.from(bytes).toString('base64'),
  };
}

const redirect = (location: string): APIGatewayProxyStructuredResultV2 => ({
  statusCode: 302,
  headers: { location, 'cache-control': 'no-store' },
});

/** `early`: the task list's reads started as the request arrived (early-reads.ts). */
export const avatarRoutes = (
  deps: GenerationGroupDeps,
  early?: TaskListEarlyReads,
): RouteHandlers<'avatars'> => ({
  listStyles: () => listActiveStyles(deps),
  createTasksBatch: ({ user, body, event }) =>
    createAvatarBatch(deps, user, body, header(event, 'idempotency-key')),
  tryTaskAgain: ({ user, params, body, event }) =>
    tryTaskAgain(deps, user, params.taskId ?? '', body, header(event, 'idempotency-key')),
  keepTask: ({ user, params }) => keepWithheldAvatar(deps, user, params.taskId ?? ''),
  // 202: the version is queued, not made yet.
  editTask: async ({ user, params, body, event }) =>
    jsonResponse(
      202,
      await askForEdit(deps, user, params.taskId ?? '', body, header(event, 'idempotency-key')),
    ),
  userTasks: ({ user, event }) =>
    listUserTasks(early ? { ...deps, tasks: early.listsFor(event) } : deps, user, query(event)),
  resultData: ({ user, params, event }) =>
    resultData(deps, user, params.filename ?? '', parsePreset(query(event).preset)),
  resultFile: async ({ user, params, event }) => {
    const image = await resultImage(deps, user, params.filename ?? '', parsePreset(query(event).preset));
    return fileResponse(image.bytes, image.contentType, image.downloadName);
  },
  createDownloadLink: ({ user, body }) => createDownloadLink(deps, user, body),
  // With a download link, the set of results it was made for; with the session, the current set.
  resultsZip: async ({ user, link }) =>
    redirect(
      link ? await archiveUrl(deps, user, link.object, 'all') : await currentArchive(deps, user, 'all'),
    ),
  favouritesZip: async ({ user, link }) =>
    redirect(
      link
        ? await archiveUrl(deps, user, link.object, 'favourites')
        : await currentArchive(deps, user, 'favourites'),
    ),
  setFavourite: ({ user, params, body }) => setFavourite(deps, user, params.taskId ?? '', body.favourite),
  setChosen: ({ user, params, body }) => setChosen(deps, user, params.taskId ?? '', body.chosen),
  diagnoseDirectories: ({ user, event }) => diagnose(deps, user, query(event).task_id),
  notificationSettings: async ({ user }) => notificationSettings(user),
  setNotificationSettings: ({ user, body }) => setNotificationSettings(deps, user, body.batch_finished_email),
});
