// Thin route handlers of the avatars group: each validates (done by the table's schema), calls one domain function.
import { listActiveStyles, type StyleDeps } from '../domain/styles/styles.ts';
import type { RouteHandlers } from '../http/group-handler.ts';

export type AvatarDeps = StyleDeps;

export const avatarRoutes = (deps: AvatarDeps): RouteHandlers<'avatars'> => ({
  listStyles: () => listActiveStyles(deps),
});
