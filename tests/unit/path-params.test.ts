// The shapes of the route table's path parameters (shared/path-params.ts): the values the server makes pass,
// a value past any key's size or of another shape does not, and a path with a parameter no rule describes
// is refused when the table is built.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cryptoIds } from '#platform/system.ts';
import { apiRoutes } from '#shared/api-routes.ts';
import { assertPathParamsKnown, malformedPathParam, PATH_PARAMS } from '#shared/path-params.ts';
import { newTaskId } from '../../functions/generation/domain/task-names.ts';

describe('path parameters', () => {
  it('every route of the table has a rule for each of its parameters', () => {
    for (const route of Object.values(apiRoutes))
      expect(() => assertPathParamsKnown(route.path)).not.toThrow();
    expect(() => assertPathParamsKnown('/things/{thingId}')).toThrow('{thingId}');
  });

  it('the ids the server makes pass', () => {
    const path = '/teams/{teamId}/members/{memberId}';
    expect(malformedPathParam(path, { teamId: randomUUID(), memberId: cryptoIds.newId() })).toBeNull();
    expect(malformedPathParam('/teams/join/{code}', { code: cryptoIds.newSecret() })).toBeNull();
    expect(malformedPathParam('/photos/capture-links/{code}', { code: 'K3M9P2QX7RZ4' })).toBeNull();
    expect(
      malformedPathParam('/a/{taskId}', { taskId: newTaskId(1_900_000_000, 0, 'abcdef012345') }),
    ).toBeNull();
  });

  it('a team, member or link id of another shape, or any id past its length, is refused with its words', () => {
    const path = '/teams/{teamId}/invite-links/{linkId}';
    const team = randomUUID();
    expect(malformedPathParam(path, { teamId: 'a'.repeat(3000), linkId: randomUUID() })).toBe(
      PATH_PARAMS.teamId,
    );
    expect(malformedPathParam(path, { teamId: team.toUpperCase(), linkId: randomUUID() })).toBe(
      PATH_PARAMS.teamId,
    );
    expect(malformedPathParam(path, { teamId: team, linkId: '../x' })).toBe(PATH_PARAMS.linkId);
    expect(malformedPathParam(path, { teamId: team })).toBe(PATH_PARAMS.linkId);
    for (const [name, value] of Object.entries({
      code: 'c'.repeat(65),
      token: 't'.repeat(1025),
      taskId: '1'.repeat(65),
      filename: 'f'.repeat(161),
      id: '1'.repeat(21),
    }))
      expect(malformedPathParam(`/x/{${name}}`, { [name]: value }), name).not.toBeNull();
    expect(PATH_PARAMS.memberId.refusal).toEqual({
      code: 'NOT_FOUND',
      words: { en: 'Member not found', fr: 'Membre introuvable' },
    });
  });
});
