// Style import and export. An export is a JSON list in the import's
// shape, so exporting and importing into an empty table gives the same catalogue (new ids aside). An
// import checks every entry, skips invalid ones and those whose name and category already exist, and
// writes the rest in one transaction with its audit entry.
import type * as z from 'zod/mini';
import { DomainError } from '#platform/domain/errors.ts';
import type { User } from '#platform/domain/ports.ts';
import { STYLE_IMPORT_LIMITS } from '#shared/admin-style-rules.ts';
import { StyleTransferEntry } from '#shared/api/common.ts';
import type { ImportResult } from '#shared/api-schemas.ts';
import { ADMIN_STYLE_DEFAULTS, type AdminStyleDeps, stampFor } from './admin-styles.ts';
import { STYLE_CATALOGUE } from './catalogue/index.ts';
import type { NewStyle, Style } from './style.ts';

type Entry = z.input<typeof StyleTransferEntry>;

export const EXPORT_FILENAME = 'styles.json';

function exportEntry(s: Style): Entry {
  return {
    name: s.name,
    category: s.category,
    description: s.description,
    image_url: s.imageUrl,
    prompt: s.prompt,
    token_cost: s.tokenCost,
    is_active: s.isActive,
    format: s.format,
    ...(s.translations.fr ? { translations: { fr: s.translations.fr } } : {}),
    key: s.key,
    quality: s.quality,
    reference_count: s.referenceCount,
    input_fidelity: s.inputFidelity,
    accepts_choices: s.acceptsChoices,
  };
}

/** Every style, in id order, as the import reads them. */
export async function exportStyles(deps: Pick<AdminStyleDeps, 'styles'>): Promise<Entry[]> {
  const all = await deps.styles.listAll();
  return all.sort((a, b) => a.id - b.id).map(exportEntry);
}

const invalid = (msg: string) => new DomainError('VALIDATION_FAILED', msg);

/** The file's entries, or a clear error for a file that is not a list of styles at all. */
function readImportFile(file: { name: string; bytes: Uint8Array } | null): unknown[] {
  if (!file || file.bytes.length === 0) throw invalid('Aucun fichier reçu : choisissez un fichier .json.');
  if (file.bytes.length > STYLE_IMPORT_LIMITS.maxBytes) {
    throw new DomainError(
      'PAYLOAD_TOO_LARGE',
      `Le fichier dépasse ${STYLE_IMPORT_LIMITS.maxBytes / 1024} Ko : importez les styles en plusieurs fichiers.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(
      Buffer.from(file.bytes)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    );
  } catch {
    throw invalid("Le fichier n'est pas un JSON valide.");
  }
  if (!Array.isArray(parsed))
    throw invalid('Le fichier doit contenir une liste de styles (un tableau JSON).');
  if (parsed.length > STYLE_IMPORT_LIMITS.maxEntries) {
    throw invalid(
      `Le fichier contient ${parsed.length} styles ; un import en accepte au plus ${STYLE_IMPORT_LIMITS.maxEntries}.`,
    );
  }
  return parsed;
}

function reasonOf(error: z.core.$ZodError): string {
  const first = error.issues[0];
  if (!first) return 'Entrée invalide.';
  if (first.message && first.message !== 'Invalid input') return first.message;
  const where = first.path.length ? first.path.join('.') : '';
  return where ? `Champ ${where} invalide.` : "L'entrée doit être un objet style.";
}

const sameStyleKey = (name: string, category: string) =>
  `${name.trim().toLocaleLowerCase('fr')}\u0000${category.trim().toLocaleLowerCase('fr')}`;

const catalogueByKey = new Map(STYLE_CATALOGUE.map((c) => [c.key, c]));

function newStyleOf(e: z.output<typeof StyleTransferEntry>): NewStyle {
  // A catalogue key keeps the catalogue's look for the local renderer; anything else gets the default.
  const catalogue = e.key ? catalogueByKey.get(e.key) : undefined;
  return {
    key: catalogue ? catalogue.key : null,
    name: e.name,
    description: e.description,
    translations: e.translations?.fr ? { fr: e.translations.fr } : {},
    category: e.category,
    imageUrl: e.image_url,
    tokenCost: e.token_cost,
    prompt: e.prompt,
    isActive: e.is_active,
    format: e.format,
    quality: e.quality ?? catalogue?.quality ?? ADMIN_STYLE_DEFAULTS.quality,
    referenceCount: e.reference_count ?? catalogue?.referenceCount ?? ADMIN_STYLE_DEFAULTS.referenceCount,
    inputFidelity: e.input_fidelity ?? catalogue?.inputFidelity ?? ADMIN_STYLE_DEFAULTS.inputFidelity,
    recipe: catalogue?.recipe ?? ADMIN_STYLE_DEFAULTS.recipe,
    acceptsChoices: e.accepts_choices ?? catalogue?.acceptsChoices ?? false,
  };
}

export async function importStyles(
  deps: AdminStyleDeps,
  admin: User,
  file: { name: string; bytes: Uint8Array } | null,
): Promise<ImportResult> {
  const entries = readImportFile(file);
  // One import at a time: the duplicate check below reads the catalogue the write then extends.
  const result = await deps.styles.whileImporting(() => addNew(deps, admin, entries));
  if (result === 'busy')
    throw new DomainError(
      'IMPORT_IN_PROGRESS',
      'Un autre import est en cours. Réessayez dans quelques secondes.',
    );
  return result;
}

async function addNew(deps: AdminStyleDeps, admin: User, entries: unknown[]): Promise<ImportResult> {
  const existing = await deps.styles.listAll({ consistent: true });
  const taken = new Set(existing.map((s) => sameStyleKey(s.name, s.category)));
  const toAdd: NewStyle[] = [];
  const skipped: NonNullable<ImportResult['skipped_entries']> = [];
  entries.forEach((raw, index) => {
    const name =
      raw && typeof raw === 'object' && typeof (raw as { name?: unknown }).name === 'string'
        ? (raw as { name: string }).name.trim() || '?'
        : '?';
    const parsed = StyleTransferEntry.safeParse(raw);
    if (!parsed.success) {
      skipped.push({ index, name, reason: reasonOf(parsed.error) });
      return;
    }
    const key = sameStyleKey(parsed.data.name, parsed.data.category);
    if (taken.has(key)) {
      skipped.push({
        index,
        name,
        reason: `Un style « ${parsed.data.name} » existe déjà dans la catégorie « ${parsed.data.category} ».`,
      });
      return;
    }
    taken.add(key);
    toAdd.push(newStyleOf(parsed.data));
  });
  await deps.styles.importAudited(toAdd, stampFor(deps, admin), skipped.length);
  return { added: toAdd.length, skipped: skipped.length, skipped_entries: skipped };
}
