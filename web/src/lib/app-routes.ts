// Imported by the screens of the signed-in app, for its effect: their routes are known to the API client
// before the first call (apiUrl reads the table synchronously).
import { addRoutes } from './api-client.ts';
import { appRouteTable } from './app-route-table.ts';

addRoutes(appRouteTable);
