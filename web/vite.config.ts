// Builds the SPA into web/dist. `npx vite build --config web/vite.config.ts` from the repo root.
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { type ApiRoute, apiRoutes } from '#shared/api-routes.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/api-schemas.ts';
import { readCompanyConfig } from './src/config/company-identity.ts';

// The SPA reads the shared API contract through this module, computed here at build time: each route's
// method, path, access, whether it answers a file and whether it is served yet (no button calls a route
// that is not), and the password rules. The zod schemas behind the
// table stay out of the browser (about 9 KB gzipped, most of the /login budget's headroom); their types
// still type the client.
const API_CONTRACT = 'virtual:api-contract';
// The routes of the signed-in app's own groups (photos, avatars, account, admin) ship with its screens
// (src/lib/app-routes.ts adds them to the client): the public pages, the landing page first, carry only
// the routes of sign-in and billing.
const APP_CONTRACT = 'virtual:api-contract-app';
const SHELL_GROUPS: readonly string[] = ['auth', 'billing', 'stripe-webhook'];
// The billing function also serves a team's seat checkout, which only the Team screen (an app screen) calls.
const inShell = (r: ApiRoute) => SHELL_GROUPS.includes(r.group) && !r.path.startsWith('/teams/');
const apiContract = (): Plugin => ({
  name: 'aivatar-api-contract',
  resolveId: (id) => (id === API_CONTRACT || id === APP_CONTRACT ? `\0${id}` : undefined),
  load(id) {
    if (id !== `\0${API_CONTRACT}` && id !== `\0${APP_CONTRACT}`) return undefined;
    const app = id === `\0${APP_CONTRACT}`;
    const routes = Object.fromEntries(
      (Object.entries(apiRoutes) as [string, ApiRoute][])
        .filter(([, r]) => !inShell(r) === app)
        .map(([routeId, r]) => [
          routeId,
          {
            method: r.method,
            path: r.path,
            access: r.access,
            // Only the flag that differs from the usual (a JSON answer): every byte of the shell counts.
            ...(r.response === 'binary' ? { binary: true } : {}),
          },
        ]),
    );
    if (app) return `export const routes = ${JSON.stringify(routes)};`;
    return [
      `export const routes = ${JSON.stringify(routes)};`,
      `export const PASSWORD_MIN_LENGTH = ${PASSWORD_MIN_LENGTH};`,
      `export const PASSWORD_MAX_LENGTH = ${PASSWORD_MAX_LENGTH};`,
    ].join('\n');
  },
});

// The operator's identity (src/config/company-identity.ts), read from the build's environment and checked
// here, at build time: the browser gets the result, not the reading and checking code.
const COMPANY = 'virtual:company';
const companyIdentity = (): Plugin => {
  let env: Record<string, string | undefined> = {};
  return {
    name: 'aivatar-company-identity',
    configResolved(config) {
      env = { ...loadEnv(config.mode, config.envDir || config.root, 'VITE_COMPANY_'), ...process.env };
    },
    resolveId: (id) => (id === COMPANY ? `\0${COMPANY}` : undefined),
    load(id) {
      if (id !== `\0${COMPANY}`) return undefined;
      return `export const company = ${JSON.stringify(readCompanyConfig(env))};`;
    },
  };
};

// The dev server stands in for the hosting layer's /config.json (infra/local/web-server.ts, CloudFront).
const devRuntimeConfig = (): Plugin => ({
  name: 'aivatar-dev-runtime-config',
  configureServer(server) {
    server.middlewares.use('/config.json', (_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ apiUrl: process.env.AIVATAR_API_URL ?? 'http://localhost:3001' }));
    });
  },
});

// Modules only some screens use; they load with those screens, not with every page: the signed-in app's
// and the forms' parts, the app's server state (TanStack Query and lib/server-state), the kit of the
// marketing pages, the admin screen's form rules, the gallery's download presets, the photos' quality meter,
// the table's design (the privacy page reads its backup days) and the plain frame of a page mid-task.
const NOT_IN_SHELL =
  /\/src\/components\/(marketing\/|welcome\/|choices\/|quality\/|layout\/(app-|open-billing|plain-)|ui\/(text-field|checkbox|retry-alert|form-controls|icons\.))|\/src\/lib\/(api-messages|welcome|app-routes|app-route-table|save-file|query-keys|server-state|purchase-intent|return-to|dates|photo-deletes)\.|\/node_modules\/(@tanstack|qrcode-generator)\/|\/shared\/(admin-style-rules|table-design|photo-rules|style-choices|result-presets|team-rules|edit-rules|sign-in-return)\./;

export default defineConfig(({ command, isSsrBuild }) => {
  // A build is what ships, whatever NODE_ENV the caller runs with: vitest's global setup builds under
  // NODE_ENV=test, which would otherwise bundle React's development build and the development JSX
  // transform (+60 KB gzipped). Vite and the React plugin read NODE_ENV after this config is loaded.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: import.meta.dirname,
    plugins: [react(), apiContract(), companyIdentity(), devRuntimeConfig()],
    resolve: {
      alias: [
        {
          find: 'use-sync-external-store/shim',
          replacement: `${import.meta.dirname}/src/lib/use-sync-external-store-shim.ts`,
        },
        // react-router's package points every bundler at its development build, with its development-only
        // warnings; its production build is the same router without them, 0.5 KB gzipped less on every page
        // (room the landing page's language offer uses).
        {
          find: /^react-router$/,
          replacement: `${import.meta.dirname}/../node_modules/react-router/dist/production/index.mjs`,
        },
      ],
    },
    build: isSsrBuild
      ? // The prerendering build (web/scripts/build.ts): a Node module that renders pages to HTML.
        { outDir: '../.local/web-ssr', emptyOutDir: true, target: 'node24', copyPublicDir: false }
      : {
          outDir: 'dist',
          emptyOutDir: true,
          // Tells the prerenderer which files each page needs, to link them from its HTML.
          manifest: true,
          target: 'es2022',
          // Every browser we support has native modulepreload: the polyfill would only add bytes.
          modulePreload: { polyfill: false },
          rolldownOptions: {
            output: {
              // Six characters of hash (36 bits) tell a file's versions apart as well as eight: the shell lists
              // every chunk's file name, and a name's hash is the one part of it that does not compress.
              entryFileNames: 'assets/[name]-[hash:6].js',
              chunkFileNames: 'assets/[name]-[hash:6].js',
              assetFileNames: 'assets/[name]-[hash:6][extname]',
              codeSplitting: {
                // One chunk for what every page needs (libraries, the app shell, shared UI): fewer requests
                // and better compression than a dozen small shared chunks. Screens stay in their own chunks.
                groups: [
                  {
                    name: 'shell',
                    // Not what only the signed-in app or the forms need: the landing page's JS budget is tight.
                    test: (id: string) =>
                      /node_modules|\/shared\/|\/src\/(app|lib|components|config|styles)\//.test(id) &&
                      !NOT_IN_SHELL.test(id),
                  },
                  {
                    // The app's server state (TanStack Query, lib/server-state and the RetryAlert its errors
                    // show in): one chunk for the app's screens, kept out of the shell; one name, as the shell
                    // lists every chunk's name.
                    name: 'query',
                    // The app screens' skeletons, the photo deletes' ledger, the backdrop and outfit swatches and
                    // the rules and words of teams and edits ride along: each chunk of their own would add its
                    // name to the shell's list, over the landing budget.
                    test: /\/node_modules\/@tanstack\/|\/src\/lib\/(query-keys|server-state|photo-deletes)\.|\/ui\/retry-alert\.|\/layout\/app-skeleton\.|\/src\/components\/choices\/|\/shared\/(team-rules|edit-rules)\./,
                  },
                ],
              },
            },
          },
        },
  };
});
