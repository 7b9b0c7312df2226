// Once the account is deleted (features/account/components/deletion-progress.tsx), nothing of it stays on
// the page: the session's cached reads are dropped, the token is gone and the frame is the signed-out one
// (no email, no balance, no Log out; Log in and Sign up), while the page says the account is gone. English
// and French.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { DeletionStatus } from '#shared/api-schemas.ts';
import { queryClient } from '../../web/src/lib/server-state.tsx';
import { getToken } from '../../web/src/lib/session-store.ts';
import { apiStub, ok } from './support/api-stub.ts';
import { aUser, renderApp } from './support/render.tsx';

const WORDS = {
  en: {
    prefix: '',
    deleteButton: 'Delete my account',
    password: 'Confirm with your password',
    confirm: 'Delete my account for good',
    deletedTitle: 'Account deleted',
    deleted: 'Your account has been deleted. A confirmation has been sent to your email.',
    login: 'Log in',
    signup: 'Sign up',
    logout: 'Log out',
  },
  fr: {
    prefix: '/fr',
    deleteButton: 'Supprimer mon compte',
    password: 'Confirmez avec votre mot de passe',
    confirm: 'Supprimer définitivement mon compte',
    deletedTitle: 'Compte supprimé',
    deleted: 'Votre compte a été supprimé. Une confirmation a été envoyée à votre adresse e-mail.',
    login: 'Se connecter',
    signup: 'Créer un compte',
    logout: 'Se déconnecter',
  },
} as const;

const status = (state: DeletionStatus['state'], steps_done: number): DeletionStatus => ({
  state,
  steps_done,
  steps_total: 6,
  items_deleted: 12,
  files_deleted: 4,
  created_at: 1_790_000_000,
  finished_at: state === 'done' ? 1_790_000_010 : null,
});

for (const lang of ['en', 'fr'] as const) {
  const w = WORDS[lang];
  describe(`a deleted account leaves nothing on the page (${lang})`, () => {
    test('the deleted state: signed-out frame, no email, balance or Log out, no cached reads', async () => {
      apiStub.on(
        'notificationSettings',
        ok('notificationSettings', { success: true, batch_finished_email: true }),
      );
      apiStub.on('latestAccountExport', ok('latestAccountExport', { export: null }));
      apiStub.on('tokenLedger', ok('tokenLedger', { entries: [], delayed_payments: [] }));
      apiStub.on(
        'deleteAccount',
        ok('deleteAccount', { msg: 'Deleting', deletion: { id: 'del-1', status: status('running', 2) } }),
      );
      apiStub.on('accountDeletionStatus', ok('accountDeletionStatus', status('done', 6)));
      const { user } = await renderApp(`${w.prefix}/app/account`, {
        as: aUser({ email: 'leaving@example.com', tokens_ltd: 9 }),
      });
      // The account screen's code may take a while on a busy machine.
      await screen.findByTestId('account-email', {}, { timeout: 15_000 });
      expect(screen.getByTestId('navbar-email').textContent).toContain('leaving@example.com');

      await user.click(screen.getByRole('button', { name: w.deleteButton }));
      await user.type(screen.getByLabelText(w.password), 'the password');
      await user.click(screen.getByRole('button', { name: w.confirm }));

      await screen.findByRole('heading', { name: w.deletedTitle }, { timeout: 8000 });
      expect(screen.getByText(w.deleted)).toBeTruthy();
      // At once, well before the page leaves for the home page (2.5 s): the deleted state itself is signed out.
      await waitFor(() => expect(screen.queryByTestId('navbar-email')).toBeNull(), { timeout: 1000 });
      expect(screen.queryByTestId('token-balance')).toBeNull();
      expect(screen.queryByRole('button', { name: w.logout })).toBeNull();
      expect(document.body.textContent).not.toContain('leaving@example.com');
      expect(screen.getByRole('link', { name: w.login })).toBeTruthy();
      expect(screen.getByRole('link', { name: w.signup })).toBeTruthy();
      expect(getToken()).toBeNull();
      // No read of the account keeps its data (a screen's disabled read may keep an empty entry).
      const kept = queryClient
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.data !== undefined)
        .map((q) => String(q.queryKey[0]));
      expect(kept).toEqual([]);
    }, 20_000);
  });
}
