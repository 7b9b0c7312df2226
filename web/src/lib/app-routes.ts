// The routes of the signed-in app's own groups (photos, avatars, account, admin), added to the API client
// when a screen that uses them loads: the public pages' shell carries only sign-in and billing routes
// (web/vite.config.ts). api() loads this module itself for a route it does not know yet.
import { routes } from 'virtual:api-contract-app';
import { addRoutes } from './api-client.ts';

addRoutes(routes);
