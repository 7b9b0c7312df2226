// The admin styles screen: list, add, edit, delete, and the audit log.
// The role was checked by the HTTP edge from the account record; these functions take the admin who acts.

import { DomainError } from '#platform/domain/errors.ts';
import type { Clock, Ids, User } from '#platform/domain/ports.ts';
import type { AdminStyle, AdminStyleInput, StyleAuditEntry } from '#shared/api-schemas.ts';
import type { AdminStyleStore, AuditRecord, AuditStamp } from './ports.ts';
import { DEFAULT_RECIPE } from './render-recipe.ts';
import type { NewStyle, Style } from './style.ts';
import { describeStyle } from './styles.ts';

export interface AdminStyleDeps {
  styles: AdminStyleStore;
  clock: Clock;
  ids: Ids;
}

/** How many audit entries the screen lists. */
const AUDIT_PAGE = 50;

/** Generation settings of a style made by an admin (the catalogue's own styles carry theirs). */
export const ADMIN_STYLE_DEFAULTS = {
  quality: 'medium',
  referenceCount: 2,
  inputFidelity: 'low',
  recipe: DEFAULT_RECIPE,
} as const satisfies Pick<NewStyle, 'quality' | 'referenceCount' | 'inputFidelity' | 'recipe'>;

function describeAdminStyle(s: Style): AdminStyle {
  return { ...describeStyle(s), is_active: s.isActive, format: s.format };
}

export function stampFor(deps: Pick<AdminStyleDeps, 'clock' | 'ids'>, admin: User): AuditStamp {
  return { id: deps.ids.newId(), at: deps.clock.now(), actor: { id: admin.id, email: admin.email } };
}

const notFound = (id: number) => new DomainError('NOT_FOUND', `Le style ${id} n'existe pas.`);

/** Path ids are integers; anything else names no style. */
export function styleIdOf(raw: string): number {
  if (!/^[1-9]\d{0,9}$/.test(raw))
    throw new DomainError('NOT_FOUND', `Le style ${raw.slice(0, 20)} n'existe pas.`);
  return Number(raw);
}

export async function listAdminStyles(deps: AdminStyleDeps): Promise<AdminStyle[]> {
  const all = await deps.styles.listAll();
  return all.sort((a, b) => a.id - b.id).map(describeAdminStyle);
}

/** The style fields the admin form sets, as the domain names them. */
const formFields = (input: AdminStyleInput) => ({
  name: input.name,
  description: input.description,
  category: input.category,
  imageUrl: input.image_url,
  tokenCost: input.token_cost,
  prompt: input.prompt,
  isActive: input.is_active,
  format: input.format,
});

export async function createStyle(
  deps: AdminStyleDeps,
  admin: User,
  input: AdminStyleInput,
): Promise<AdminStyle> {
  const style: NewStyle = {
    key: null,
    translations: {},
    ...formFields(input),
    ...ADMIN_STYLE_DEFAULTS,
    acceptsChoices: input.accepts_choices ?? false,
  };
  return describeAdminStyle(await deps.styles.createAudited(style, stampFor(deps, admin)));
}

export async function updateStyle(
  deps: AdminStyleDeps,
  admin: User,
  id: number,
  input: AdminStyleInput,
): Promise<AdminStyle> {
  const result = await deps.styles.updateAudited(
    id,
    (current) => {
      // The form edits one language: a French name or description that no longer says the same goes.
      const textChanged = current.name !== input.name || current.description !== input.description;
      return {
        ...current,
        ...formFields(input),
        translations: textChanged ? {} : current.translations,
        acceptsChoices: input.accepts_choices ?? current.acceptsChoices,
        updatedAt: deps.clock.now(),
      };
    },
    stampFor(deps, admin),
  );
  if (!result) throw notFound(id);
  return describeAdminStyle(result.after);
}

/**
 * Deletes a style. Tasks made in it keep their style id (and the name copied onto them when they were
 * created); a screen that finds no style for an id shows 'Style {id}'. The audit entry keeps it whole.
 */
export async function deleteStyle(deps: AdminStyleDeps, admin: User, id: number): Promise<{ success: true }> {
  const removed = await deps.styles.removeAudited(id, stampFor(deps, admin));
  if (!removed) throw notFound(id);
  return { success: true };
}

/** What a screen shows for a style id whose style was deleted. */
export const deletedStyleName = (id: number): string => `Style ${id}`;

function describeAudit(r: AuditRecord): StyleAuditEntry {
  return {
    id: r.id,
    at: r.at,
    action: r.action,
    actor: r.actor,
    style_id: r.styleId,
    before: r.before ? describeAdminStyle(r.before) : null,
    after: r.after ? describeAdminStyle(r.after) : null,
    ...(r.added !== undefined ? { added: r.added } : {}),
    ...(r.skipped !== undefined ? { skipped: r.skipped } : {}),
  };
}

export async function styleAuditLog(deps: AdminStyleDeps): Promise<{ entries: StyleAuditEntry[] }> {
  return { entries: (await deps.styles.auditLog(AUDIT_PAGE)).map(describeAudit) };
}
