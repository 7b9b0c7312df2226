// Styles: the admins' catalogue (docs/product.md, "Admin").
// Its routes and their bodies; shared/api-routes.ts merges every area's routes into the one apiRoutes table.
import * as z from 'zod/mini';
import { STYLE_FORMATS } from '../admin-style-rules.ts';
import { PHOTO_TYPES } from '../photo-rules.ts';
import { AdminStyleFields, Style, Success } from './common.ts';
import { route } from './route.ts';

export const AdminStyle = z.object({
  ...Style.shape,
  is_active: z.boolean(),
  format: z.enum(STYLE_FORMATS),
});

export type AdminStyle = z.infer<typeof AdminStyle>;

export const AdminStyleInput = z.strictObject(AdminStyleFields);

export type AdminStyleInput = z.output<typeof AdminStyleInput>;

/** Who changed which style, when, and what it was before and after (the bottom of the admin screen). */
export const StyleAuditEntry = z.object({
  id: z.string(),
  at: z.number(),
  action: z.enum(['create', 'update', 'delete', 'import']),
  actor: z.object({ id: z.string(), email: z.string() }),
  style_id: z.nullable(z.number()),
  before: z.nullable(AdminStyle),
  after: z.nullable(AdminStyle),
  /** import only: what was added and skipped */
  added: z.optional(z.number()),
  skipped: z.optional(z.number()),
});

export type StyleAuditEntry = z.infer<typeof StyleAuditEntry>;

export const StyleAuditList = z.object({ entries: z.array(StyleAuditEntry) });

export const StyleImageTargetRequest = z.strictObject({
  type: z.enum(PHOTO_TYPES, { error: "L'image doit être un fichier JPG, PNG ou WEBP." }),
  size: z.int().check(z.positive()),
});

export const StyleImageTarget = z.object({
  id: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  expires_in: z.number(),
});

export const StyleImageConfirmRequest = z.strictObject({ id: z.string().check(z.maxLength(200)) });

/** `path` is relative to the API's URL (shared/admin-style-rules.ts STYLE_IMAGE_PATH_PREFIX). */
export const StyleImageConfirmed = z.object({ path: z.string(), width: z.number(), height: z.number() });

/** The product's admin client reads the list as a bare array. */
export const AdminStyleList = z.array(AdminStyle);

/** The import's `added, skipped`, and why each skipped entry was skipped. */
export const ImportResult = z.object({
  added: z.number(),
  skipped: z.number(),
  skipped_entries: z.optional(z.array(z.object({ index: z.number(), name: z.string(), reason: z.string() }))),
});

export type ImportResult = z.infer<typeof ImportResult>;

export const stylesRoutes = {
  adminListStyles: route({
    method: 'GET',
    path: '/api/admin/styles',
    group: 'admin-styles',
    access: 'admin',
    response: AdminStyleList,
  }),
  adminCreateStyle: route({
    method: 'POST',
    path: '/api/admin/styles',
    group: 'admin-styles',
    access: 'admin',
    request: AdminStyleInput,
    response: AdminStyle,
  }),
  adminUpdateStyle: route({
    method: 'PUT',
    path: '/api/admin/styles/{id}',
    group: 'admin-styles',
    access: 'admin',
    request: AdminStyleInput,
    response: AdminStyle,
  }),
  adminDeleteStyle: route({
    method: 'DELETE',
    path: '/api/admin/styles/{id}',
    group: 'admin-styles',
    access: 'admin',
    response: Success,
  }),
  adminImportStyles: route({
    method: 'POST',
    path: '/api/admin/styles/import',
    group: 'admin-styles',
    access: 'admin',
    request: 'multipart',
    response: ImportResult,
  }),
  adminExportStyles: route({
    method: 'GET',
    path: '/api/admin/styles/export',
    group: 'admin-styles',
    access: 'admin',
    response: 'binary',
  }),
  /** Beyond the original API: who changed which style, newest first (the bottom of the admin screen). */
  adminStyleAudit: route({
    method: 'GET',
    path: '/api/admin/styles/audit',
    group: 'admin-styles',
    access: 'admin',
    response: StyleAuditList,
  }),
  /** Beyond the original API: a presigned POST the admin's browser uploads a style picture with, then confirms. */
  adminStyleImageTarget: route({
    method: 'POST',
    path: '/api/admin/styles/images',
    group: 'admin-styles',
    access: 'admin',
    request: StyleImageTargetRequest,
    response: StyleImageTarget,
  }),
  adminConfirmStyleImage: route({
    method: 'POST',
    path: '/api/admin/styles/images/confirm',
    group: 'admin-styles',
    access: 'admin',
    request: StyleImageConfirmRequest,
    response: StyleImageConfirmed,
  }),
  /** An uploaded style picture, for every screen that shows styles (public, like the seeded previews). */
  styleImage: route({
    method: 'GET',
    path: '/style-images/{filename}',
    group: 'admin-styles',
    access: 'public',
    response: 'binary',
  }),
} as const;
