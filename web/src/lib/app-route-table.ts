// The routes of the signed-in app's own groups (photos, avatars, account, admin) as data: the public pages'
// shell carries only sign-in and billing routes (web/vite.config.ts). The API client loads this module for a
// route it does not know yet; a screen that builds a URL before any call registers them (app-routes.ts).
export { routes as appRouteTable } from 'virtual:api-contract-app';
