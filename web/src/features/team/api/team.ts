// The team's server state (docs/product.md, "Teams"), one pattern for every screen (lib/server-state.tsx):
// the caller's team (GET /teams/mine; 404 means none), the dashboard's members page by page, and each
// action a mutation that reads again what it changed.
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { RequestOf } from '#shared/api-routes.ts';
import type { TeamMembersPage } from '#shared/api-schemas.ts';
import type { Language } from '#shared/language.ts';
import { ApiError, api, apiUrl } from '../../../lib/api-client.ts';
import { routeKey } from '../../../lib/query-keys.ts';
import { invalidateRoutes, queryClient, routeQuery, routeQueryOrNone } from '../../../lib/server-state.tsx';
import '../../../lib/app-routes.ts';

/** The caller's team: `null` when they belong to none (404), undefined while it is read. */
export function useMyTeam(poll = false) {
  return useQuery({
    ...routeQueryOrNone('myTeam'),
    // Back from paying for seats: the webhook adds them a moment later.
    refetchInterval: poll ? 1500 : false,
  });
}

const refreshTeam = () => invalidateRoutes('myTeam', 'teamMembers');

export function useCreateTeam() {
  return useMutation({
    mutationFn: (body: RequestOf<'createTeam'>) => api('createTeam', { body }),
    onSuccess: refreshTeam,
  });
}

/** Opens Stripe Checkout for `quantity` seats (the server prices them). */
export function useSeatCheckout(teamId: string) {
  return useMutation({
    mutationFn: (body: RequestOf<'teamSeatCheckout'>) =>
      api('teamSeatCheckout', { params: { teamId }, body }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/**
 * Owner and admins: the team's seat purchases with their invoices, and a bank debit pending or refused.
 * Read again every few seconds while one is pending, or while the page waits for seats just paid for.
 */
export function useSeatPurchases(teamId: string, waiting = false) {
  return useQuery({
    queryKey: routeKey('teamPurchases', { teamId }),
    queryFn: ({ signal }) => api('teamPurchases', { params: { teamId }, signal }),
    refetchInterval: (query) =>
      waiting || query.state.data?.purchases.some((p) => p.state === 'pending') ? 3000 : false,
  });
}

export function useInvite(teamId: string) {
  return useMutation({
    mutationFn: (emails: string[]) => api('teamInvites', { params: { teamId }, body: { emails } }),
    onSuccess: () => invalidateRoutes('teamMembers'),
  });
}

export function useCreateLink(teamId: string) {
  return useMutation({
    mutationFn: (body: RequestOf<'createInviteLink'>) =>
      api('createInviteLink', { params: { teamId }, body }),
    onSuccess: () => invalidateRoutes('teamInviteLinks'),
  });
}

export function useRevokeLink(teamId: string) {
  return useMutation({
    mutationFn: (linkId: string) => api('revokeInviteLink', { params: { teamId, linkId } }),
    onSuccess: () => invalidateRoutes('teamInviteLinks'),
  });
}

/** Owner and admins: the open links that still let someone join (never their codes: those were shown once). */
export function useInviteLinks(teamId: string) {
  return useQuery({
    queryKey: routeKey('teamInviteLinks', { teamId }),
    queryFn: ({ signal }) => api('teamInviteLinks', { params: { teamId }, signal }),
  });
}

/** Owner and admins take one of the team's seats for their own headshot, or give it back. */
export function useOwnSeat(teamId: string) {
  return useMutation({
    mutationFn: async (action: 'take' | 'give-back') =>
      action === 'take'
        ? { action, ...(await api('takeTeamSeat', { params: { teamId } })) }
        : { action, ...(await api('giveBackTeamSeat', { params: { teamId } })) },
    // Giving it back takes the chosen headshot's mark off the gallery too.
    onSuccess: () => invalidateRoutes('myTeam', 'teamMembers', 'userTasks'),
  });
}

export function useSetAllowed(teamId: string) {
  return useMutation({
    mutationFn: (body: RequestOf<'setTeamAllowed'>) => api('setTeamAllowed', { params: { teamId }, body }),
    onSuccess: () => invalidateRoutes('myTeam'),
  });
}

/** The dashboard's members, a page at a time (`next_cursor`). */
export function useMembers(teamId: string) {
  const query = useInfiniteQuery({
    queryKey: routeKey('teamMembers', { teamId }),
    queryFn: ({ pageParam, signal }) =>
      api('teamMembers', { params: { teamId }, signal, query: { cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: TeamMembersPage) => last.next_cursor,
  });
  const seen = new Set<string>();
  const members = (query.data?.pages ?? [])
    .flatMap((p) => p.members)
    .filter((m) => !seen.has(m.member_id) && seen.add(m.member_id));
  return { query, members };
}

export type MemberAction =
  | { kind: 'remind' | 'retry' | 'remove'; memberId: string }
  | { kind: 'role'; memberId: string; role: 'admin' | 'member' };

export function useMemberAction(teamId: string) {
  return useMutation({
    mutationFn: async (action: MemberAction) => {
      const params = { teamId, memberId: action.memberId };
      switch (action.kind) {
        case 'remind':
          return { kind: action.kind, ...(await api('remindMember', { params })) };
        case 'retry':
          return { kind: action.kind, ...(await api('grantMemberRetry', { params })) };
        case 'remove':
          return { kind: action.kind, ...(await api('removeMember', { params })) };
        case 'role':
          return {
            kind: action.kind,
            ...(await api('setMemberRole', { params, body: { role: action.role } })),
          };
      }
    },
    onSuccess: refreshTeam,
  });
}

/** A member leaves: their own membership removed. Nothing of the team stays in the cache. */
export function useLeave(teamId: string, memberId: string) {
  return useMutation({
    mutationFn: () => api('removeMember', { params: { teamId, memberId } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: routeKey('teamMembers') });
      await invalidateRoutes('myTeam', 'userTasks');
    },
  });
}

export function useJoin() {
  return useMutation({
    mutationFn: (code: string) => api('joinTeam', { params: { code } }),
    onSuccess: () => invalidateRoutes('myTeam', 'joinPreview'),
  });
}

/** What a join code would do, read before Join is pressed (the team's name, its domains, a refusal). */
export function useJoinPreview(code: string) {
  return useQuery(routeQuery('joinPreview', { params: { code } }));
}

/** Owner and admins: the language the team's invitations are written in. */
export function useSetTeamLanguage(teamId: string) {
  return useMutation({
    mutationFn: (lang: Language) => api('setTeamLanguage', { params: { teamId }, body: { lang } }),
    onSuccess: () => invalidateRoutes('myTeam'),
  });
}

/**
 * The members' CSV or the chosen headshots' ZIP: a short download link first (never the session in a URL),
 * then the browser opens the route with it and saves the file as it streams.
 */
export async function downloadTeamFile(teamId: string, route: 'teamMembersCsv' | 'teamHeadshotsZip') {
  const { token } = await api('createDownloadLink', { body: { route, team_id: teamId } });
  const url = apiUrl(route, { params: { teamId }, query: { token } });
  if (route === 'teamHeadshotsZip') await zipReady(url);
  window.location.assign(url);
}

/**
 * The ZIP's route answers a redirect to the archive in storage, or an error in JSON: asked first without
 * following the redirect, so an error is said in the page instead of the browser opening the raw JSON. The
 * archive is then stored, and the browser's own request finds it at once.
 */
async function zipReady(url: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'manual', credentials: 'omit' });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', null);
  }
  if (res.type === 'opaqueredirect' || res.ok || (res.status >= 300 && res.status < 400)) return;
  const body = (await res.json().catch(() => null)) as { msg?: unknown; code?: unknown } | null;
  throw new ApiError(
    res.status,
    typeof body?.code === 'string' ? body.code : `HTTP_${res.status}`,
    typeof body?.msg === 'string' ? body.msg : null,
    body,
  );
}
