// A deleted account's row on the team dashboard (docs/product.md, "Teams"): the server words it in the
// owner's account language (functions/teams/domain/teams.ts); the page says it in its own, both ways.
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { TeamMember } from '#shared/api-schemas.ts';
import { aUser, renderApp } from './support/render.tsx';
import { aTeam, teamPageReads } from './support/team-fixtures.ts';

const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();
const NOW = Math.floor(Date.now() / 1000);

const deleted = (id: string, name: string, email: string): TeamMember => ({
  member_id: id,
  name,
  email,
  role: 'member',
  status: 'left',
  has_seat: false,
  allowance_left: 0,
  allowance_total: 40,
  invited_at: NOW - 86_400,
  joined_at: NOW - 3600,
  left_at: NOW - 60,
  reminded_at: null,
  chosen: null,
});

describe("a deleted account's row", () => {
  test.each([
    {
      path: '/fr/app/team',
      server: ['A member (account deleted)', 'ana (account deleted)'],
      shown: ["Une personne de l'équipe (compte supprimé)", 'ana (compte supprimé)'],
    },
    {
      path: '/app/team',
      server: ["Une personne de l'équipe (compte supprimé)", 'ana (compte supprimé)'],
      shown: ['A member (account deleted)', 'ana (account deleted)'],
    },
  ])('$path: in the page language, whatever the account language', async (c) => {
    teamPageReads(aTeam(), {
      members: [
        deleted('m1', c.server[0] as string, ''),
        deleted('m2', c.server[1] as string, 'ana@acme.test'),
      ],
    });
    await renderApp(c.path, { as: aUser() });
    const rows = await screen.findAllByTestId('member-row');
    expect(rows.map((r) => plain(r.querySelector('.member__name')?.textContent))).toEqual(c.shown);
  });
});
