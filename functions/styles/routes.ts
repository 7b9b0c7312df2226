// Thin route handlers of the admin-styles group: each takes the request's parts and calls one domain
// function. The admin role was checked by the session middleware (access: 'admin' in the route table).
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RouteHandlers } from '#platform/http/group-handler.ts';
import { formFiles } from '#platform/http/multipart.ts';
import { STYLE_IMPORT_LIMITS } from '#shared/admin-style-rules.ts';
import {
  createStyle,
  deleteStyle,
  listAdminStyles,
  styleAuditLog,
  styleIdOf,
  updateStyle,
} from './domain/admin-styles.ts';
import { confirmStyleImage, styleImage, styleImageTarget } from './domain/style-images.ts';
import { EXPORT_FILENAME, exportStyles, importStyles } from './domain/style-transfer.ts';
import type { StylesGroupDeps } from './wiring.ts';

/** Room for the multipart envelope around the file; the file itself is measured by the domain. */
const ENVELOPE_BYTES = 16 * 1024;
const TOO_LARGE = `Le fichier dépasse ${STYLE_IMPORT_LIMITS.maxBytes / 1024} Ko : importez les styles en plusieurs fichiers.`;

function importFile(event: APIGatewayProxyEventV2): { name: string; bytes: Uint8Array } | null {
  const files = formFiles(event, 'file', STYLE_IMPORT_LIMITS.maxBytes + ENVELOPE_BYTES, TOO_LARGE);
  return files[0] ?? null;
}

function download(filename: string, body: unknown): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: 200,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
    body: `${JSON.stringify(body, null, 2)}\n`,
  };
}

function picture(file: { bytes: Uint8Array; contentType: string }): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: 200,
    headers: {
      'content-type': file.contentType,
      // A name is never reused, so its bytes never change.
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
    body: Buffer.from(file.bytes).toString('base64'),
    isBase64Encoded: true,
  };
}

export const adminStyleRoutes = (deps: StylesGroupDeps): RouteHandlers<'admin-styles'> => ({
  adminListStyles: () => listAdminStyles(deps),
  adminCreateStyle: ({ user, body }) => createStyle(deps, user, body),
  adminUpdateStyle: ({ user, params, body }) => updateStyle(deps, user, styleIdOf(params.id ?? ''), body),
  adminDeleteStyle: ({ user, params }) => deleteStyle(deps, user, styleIdOf(params.id ?? '')),
  adminImportStyles: ({ user, event }) => importStyles(deps, user, importFile(event)),
  adminExportStyles: async () => download(EXPORT_FILENAME, await exportStyles(deps)),
  adminStyleAudit: () => styleAuditLog(deps),
  adminStyleImageTarget: ({ user, body }) => styleImageTarget(deps.images, user, body),
  adminConfirmStyleImage: ({ user, body }) => confirmStyleImage(deps.images, user, body.id),
  styleImage: async ({ params }) => picture(await styleImage(deps.images, params.filename ?? '')),
});
