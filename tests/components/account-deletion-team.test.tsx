// Deleting the account of a team member says what it does to the team (features/account/components/
// team-deletion-note.tsx): they leave the team, named, their team headshot leaves the team's ZIP, and an
// owner hands the team on. In the confirmation on the account page and in the one the emailed link opens,
// English and French.
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { MyTeam } from '#shared/api-schemas.ts';
import { apiStub, ok } from './support/api-stub.ts';
import { aUser, renderApp } from './support/render.tsx';

const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

const aTeam = (over: Partial<MyTeam> = {}): MyTeam => ({
  team_id: 'team-1',
  name: 'Acme Studio',
  role: 'member',
  member_id: 'm-1',
  domains: ['acme.test'],
  lang: 'en',
  seats_total: 3,
  seats_used: 2,
  allowance_left: 39,
  allowed: { styles: null, combos: null },
  chosen_task_id: 'task-7',
  ...over,
});

const WORDS = {
  en: {
    prefix: '',
    deleteButton: 'Delete my account',
    leave: 'You leave the team “Acme Studio”, and the team avatars you made are deleted with your account.',
    headshot: "Your team headshot leaves the team's ZIP.",
    owner:
      'As its owner, you hand the team on to its longest-serving admin; with no admin, the team is dissolved.',
  },
  fr: {
    prefix: '/fr',
    deleteButton: 'Supprimer mon compte',
    leave:
      "Vous quittez l'équipe « Acme Studio », et les avatars d'équipe que vous avez créés sont supprimés avec votre compte.",
    headshot: "Votre portrait d'équipe sort du ZIP de l'équipe.",
    owner:
      "En tant que propriétaire, vous confiez l'équipe à la personne admin la plus ancienne ; sans admin, l'équipe est dissoute.",
  },
} as const;

function accountReads(team: MyTeam | null): void {
  apiStub.on(
    'notificationSettings',
    ok('notificationSettings', { success: true, batch_finished_email: true }),
  );
  apiStub.on('latestAccountExport', ok('latestAccountExport', { export: null }));
  apiStub.on('tokenLedger', ok('tokenLedger', { entries: [], delayed_payments: [] }));
  if (team) apiStub.on('myTeam', ok('myTeam', team));
}

const noteLines = async (): Promise<string[]> =>
  Array.from((await screen.findByTestId('delete-team-note')).querySelectorAll('p'), (p) =>
    plain(p.textContent),
  );

for (const lang of ['en', 'fr'] as const) {
  const w = WORDS[lang];
  // The first test loads the account screen's code: room for it on a busy machine.
  describe(`deleting the account of a team member names the team (${lang})`, { timeout: 15_000 }, () => {
    test('the confirmation on the account page: leaving the team, the headshot out of its ZIP', async () => {
      accountReads(aTeam());
      const { user } = await renderApp(`${w.prefix}/app/account`, { as: aUser() });
      await screen.findByTestId('account-email');
      await user.click(screen.getByRole('button', { name: w.deleteButton }));
      expect(await noteLines()).toEqual([w.leave, w.headshot]);
    });

    test("the emailed link's confirmation, for the owner with no headshot chosen", async () => {
      accountReads(aTeam({ role: 'owner', chosen_task_id: null }));
      await renderApp(`${w.prefix}/app/account?delete=code-1`, { as: aUser() });
      await screen.findByTestId('deletion-link');
      expect(await noteLines()).toEqual([w.leave, w.owner]);
    });

    test('no team: nothing about a team', async () => {
      accountReads(null);
      const { user } = await renderApp(`${w.prefix}/app/account`, { as: aUser() });
      await screen.findByTestId('account-email');
      await user.click(screen.getByRole('button', { name: w.deleteButton }));
      await screen.findByRole('form');
      expect(screen.queryByTestId('delete-team-note')).toBeNull();
    });
  });
}
