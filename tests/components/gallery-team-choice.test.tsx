// "Chosen for my team" in the gallery (docs/product.md, "Teams") once its person is in no team, or in another
// one: their team avatars stay theirs, but neither the mark nor the button to choose shows (the choice
// could only fail). The API is the stub's; that leaving takes the mark off the task is the store's
// (tests/contracts/team-seat-claims.contract.ts).
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { TEAM_MESSAGES } from '#shared/team-rules.ts';
import { apiStub, fail, ok } from './support/api-stub.ts';
import { aStyle, aTask } from './support/fixtures.ts';
import { aUser, renderApp } from './support/render.tsx';

const STYLES = [aStyle(1, { name: 'Office Headshot' })];

function gallery(tasks: ReturnType<typeof aTask>[]) {
  apiStub.on('listStyles', ok('listStyles', { success: true, styles: STYLES }));
  apiStub.on(
    'resultData',
    ok('resultData', { success: true, data: 'iVBORw0KGgo=', content_type: 'image/png' }),
  );
  apiStub.on('userTasks', ok('userTasks', { tasks }));
}

const team = (team_id: string) => ({
  team_id,
  name: 'Acme',
  role: 'member' as const,
  member_id: 'm-1',
  domains: ['acme.test'],
  lang: 'en' as const,
  seats_total: 3,
  seats_used: 1,
  allowed: { styles: null, combos: null },
  chosen_task_id: null,
});

describe('the gallery after leaving a team', () => {
  test.each([
    ['in no team', fail(404, 'NOT_FOUND', TEAM_MESSAGES.noTeam.en)],
    ['in another team', ok('myTeam', team('team-2'))],
  ] as const)(
    '%s: no "Chosen for my team" and no button to choose',
    { timeout: 20_000 },
    async (_where, answer) => {
      gallery([aTask('t1', { team_id: 'team-1', team_chosen: true }), aTask('t2', { team_id: 'team-1' })]);
      apiStub.on('myTeam', answer);
      await renderApp('/app/gallery', { as: aUser() });
      const cards = await screen.findAllByTestId('task-card');
      expect(cards).toHaveLength(2);
      // The team's answer has come: the cards are drawn with it.
      await expect.poll(() => apiStub.calls('myTeam').length).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 50));
      for (const card of cards) expect(within(card).queryByTestId('chosen-for-team')).toBeNull();
      expect(screen.queryByText(/Chosen for my team/)).toBeNull();
    },
  );

  test('still in the team that paid: the mark and the button show', async () => {
    gallery([aTask('t1', { team_id: 'team-1', team_chosen: true }), aTask('t2', { team_id: 'team-1' })]);
    apiStub.on('myTeam', ok('myTeam', team('team-1')));
    await renderApp('/app/gallery', { as: aUser() });
    expect((await screen.findAllByTestId('chosen-for-team')).map((b) => b.textContent)).toEqual([
      '✓ Chosen for my team',
      'Choose for my team',
    ]);
  });
});
