// The admin styles screen (/admin/styles) in French whatever the page's language: its words come from its own
// strings (web/src/features/admin/locales), the product's messages word for word. The whole flow against the
// local stack is tests/browser/admin-styles.test.ts's.
import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { AdminStyle, StyleAuditEntry } from '#shared/api-schemas.ts';
import { apiStub, fail, ok } from './support/api-stub.ts';
import { aStyle } from './support/fixtures.ts';
import { aUser, renderApp } from './support/render.tsx';

/** Text matched as written: Testing Library's default would read each no-break space as a plain one. */
const asWritten = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

const anAdminStyle = (id: number, over: Partial<AdminStyle> = {}): AdminStyle => ({
  ...aStyle(id),
  is_active: true,
  format: 'square',
  ...over,
});

const STYLES = [anAdminStyle(1, { name: 'Portrait pro' }), anAdminStyle(2, { is_active: false })];

const AT = 1_773_489_600_000;
const AUDIT: StyleAuditEntry[] = [
  {
    id: 'a2',
    at: AT,
    action: 'import',
    actor: { id: 'u1', email: 'admin@example.com' },
    style_id: null,
    before: null,
    after: null,
    added: 3,
    skipped: 1,
  },
  {
    id: 'a1',
    at: AT - 60_000,
    action: 'update',
    actor: { id: 'u1', email: 'admin@example.com' },
    style_id: 1,
    before: anAdminStyle(1, { name: 'Portrait pro', prompt: 'old prompt' }),
    after: STYLES[0] as AdminStyle,
  },
];

const reads = (styles: AdminStyle[] = STYLES) => {
  apiStub.on('adminListStyles', ok('adminListStyles', styles));
  apiStub.on('adminStyleAudit', ok('adminStyleAudit', { entries: AUDIT }));
};

describe('the admin styles screen', () => {
  test('on its English path (the app around it in English): list, count, columns and the log', async () => {
    reads();
    const { user } = await renderApp('/admin/styles', { as: aUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gestion des styles' })).toBeTruthy();
    // The page around it is in English: the screen's French is its own.
    expect(screen.getByText(/All rights reserved/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Gestion des styles · Aivatar'));
    expect(
      screen.getByText('Ajoutez, modifiez, importez et exportez les styles proposés aux utilisateurs.'),
    ).toBeTruthy();
    expect(screen.getByText('2 styles au total')).toBeTruthy();
    for (const column of ['ID', 'Nom', 'Catégorie', 'Coût', 'Format', 'Actif'])
      expect(screen.getByRole('button', { name: new RegExp(`^${column}`) }).title).toBe(
        `Trier par ${column}`,
      );
    const inactive = screen.getByRole('row', { name: /Style 2/ });
    expect(within(inactive).getByText('Non')).toBeTruthy();
    expect(within(inactive).getByRole('button', { name: 'Modifier' })).toBeTruthy();

    const log = screen
      .getByRole('heading', { name: 'Journal des modifications' })
      .closest('section') as HTMLElement;
    expect(await within(log).findByText('Ajoutés\u00a0: 3, ignorés\u00a0: 1', asWritten)).toBeTruthy();
    expect(within(log).getByText('#1 Portrait pro · Champs modifiés\u00a0: prompt', asWritten)).toBeTruthy();
    expect(within(log).getByText('Modification')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'portrait');
    expect(await screen.findByText('1 sur 2 styles affichés')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher' }));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'nothing like it');
    expect(await screen.findByText('Aucun style ne correspond à la recherche.')).toBeTruthy();
  });

  test('one style is counted in the singular', async () => {
    reads([anAdminStyle(7)]);
    await renderApp('/admin/styles', { as: aUser() });
    expect(await screen.findByText('1 style au total')).toBeTruthy();
  });

  test('a delete and an import answer in the product’s own words', async () => {
    reads();
    apiStub.on('adminDeleteStyle', ok('adminDeleteStyle', { success: true }));
    apiStub.on(
      'adminImportStyles',
      ok('adminImportStyles', {
        added: 1,
        skipped: 1,
        skipped_entries: [{ index: 1, name: 'Sans prompt', reason: 'Le prompt est requis.' }],
      }),
    );
    const { user } = await renderApp('/admin/styles', { as: aUser() });
    const row = await screen.findByRole('row', { name: /Portrait pro/ });
    await user.click(within(row).getByRole('button', { name: 'Supprimer' }));
    await user.click(within(row).getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Style « Portrait pro » supprimé.', asWritten)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Importer' }));
    expect(screen.getByText('Choisissez un fichier .json.')).toBeTruthy();
    const file = new File(['[]'], 'styles.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Fichier JSON à importer'), file);
    await user.click(screen.getByRole('button', { name: 'Importer' }));
    await waitFor(() =>
      expect(screen.getAllByText('Import réussi ! Ajoutés: 1, Ignorés: 1.', asWritten)).toHaveLength(2),
    );
    expect(screen.getByText('Entrées ignorées')).toBeTruthy();
    expect(screen.getByText('Entrée 2 (Sans prompt)\u00a0: Le prompt est requis.', asWritten)).toBeTruthy();
  });

  test('the product’s English message when the list cannot be read', async () => {
    apiStub.on('adminListStyles', fail(500, 'INTERNAL', 'Internal error'));
    await renderApp('/admin/styles', { as: aUser() });
    expect(
      await screen.findByText('Unable to load styles. Please try again later.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });

  test('someone who is not an admin is told the page is reserved', async () => {
    apiStub.on('adminListStyles', fail(403, 'FORBIDDEN', 'Forbidden'));
    await renderApp('/admin/styles', { as: aUser() });
    expect(await screen.findByRole('heading', { name: 'Page réservée aux administrateurs' })).toBeTruthy();
    expect(
      screen.getByText(
        "Cette page est réservée aux administrateurs. Votre compte n'a pas ce rôle\u00a0: demandez-le à un administrateur.",
        asWritten,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: "Retour à l'application" })).toBeTruthy();
  });

  test('a visitor is asked to log in, in French', async () => {
    await renderApp('/admin/styles');
    expect(await screen.findByRole('heading', { name: 'Page réservée aux administrateurs' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeTruthy();
  });
});
