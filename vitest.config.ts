import { defineConfig } from 'vitest/config';

// The DynamoDB Local JVMs a run starts (the shared stack's, and the ones the local-stack and chaos files start
// and kill) live seconds to minutes: C1 alone and the serial collector spare them C2's compiler threads. The
// dynamodb-local and npm-start files took 65 s of CPU instead of 93 s. `npm start` and the benches keep the
// JVM's defaults.
process.env.JAVA_TOOL_OPTIONS ??= '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';

// Component files that test what a page load starts with, so they need the app's modules as a new page has
// them: the screen's code not yet loaded (app-frame-loading: the frame shown while it arrives), the welcome
// taken by the first screen of a load (web/src/lib/welcome.ts), the address an invitation brings in to the
// sign-in pages (join-return, team-join-preview).
const COMPONENTS_ON_A_FRESH_PAGE = [
  'tests/components/app-frame-loading.test.tsx',
  'tests/components/join-return.test.tsx',
  'tests/components/team-join-preview.test.tsx',
  'tests/components/welcome-notice.test.tsx',
  'tests/components/welcome-notice-fr.test.tsx',
];

// Ten projects, one command (`npm test`: the fast ones, then the stack's; README.md, Tests). The integration
// and browser projects share one local
// stack (DynamoDB Local, s3rver, the local API Gateway, the built SPA) started by tests/support/global-setup.ts.
export default defineConfig({
  test: {
    // Vitest's default on a two-core machine is one file at a time; most files wait on HTTP, DynamoDB
    // Local and Chromium, so two run side by side. Three made the run slower: with the browser files among
    // them the two cores thrash; without them (and with the files before the browser's kept 95% busy
    // instead of 83%), those files took 495 s instead of 473 s.
    maxWorkers: 2,
    // `npm run coverage`: line and branch coverage of the code the fast layers (domain, unit, handlers,
    // components) reach, with floors for the product's rules (functions/domain) and what every part reads
    // (shared/). The integration and browser layers run the same code in other processes: not counted.
    coverage: {
      provider: 'v8',
      include: ['functions/**/*.ts', 'shared/**/*.ts', 'web/src/**/*.{ts,tsx}'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: '.local/coverage',
      reportOnFailure: true,
      thresholds: {
        'functions/*/domain/**': { lines: 90 },
        'shared/**': { lines: 90 },
      },
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          env: { LOG_LEVEL: 'silent' },
          // Here and in the integration, browser and infra projects, the files of a worker share its modules:
          // each file no longer imports the AWS SDK, the handlers and their dependencies anew (the unit files
          // alone: 49 s of CPU instead of 68 s; the integration files: 557 s instead of 611 s). A file that
          // needs a module fresh says so (observability.test.ts resets them).
          isolate: false,
        },
      },
      {
        test: {
          // tests/handlers: each group's Lambda handler called in-process with API Gateway events
          // (tests/support/handler-events.ts), against DynamoDB Local alone (tests/support/handlers-setup.ts).
          name: 'handlers',
          include: ['tests/handlers/**/*.test.ts'],
          globalSetup: ['tests/support/handlers-setup.ts'],
          env: { LOG_LEVEL: 'silent' },
          isolate: false,
          // A password test hashes several times with scrypt (128 MiB, about 100 ms of CPU each on a quiet
          // core): 1-2 s alone, past vitest's 5 s default when the two cores are shared. A limit, not a wait.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // tests/domain: the use cases against the in-memory ports of tests/support/fakes (and the fakes
          // against their contracts): no stack, milliseconds a test.
          name: 'domain',
          include: ['tests/domain/**/*.test.ts'],
          env: { LOG_LEVEL: 'silent' },
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          // tests/local-stack: how the local stand-ins behave (npm start, DynamoDB Local, the outbox).
          include: ['tests/integration/**/*.test.ts', 'tests/local-stack/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          isolate: false,
          // Photos go through the face model (about half a second each on a quiet two-core machine).
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          // The SPA builds in the background while the other files run; each browser file waits for it.
          setupFiles: ['tests/support/web-built.ts'],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // After the other projects' files (the SPA builds meanwhile), two at a time. With Chromium's
          // headless shell (tests/support/chromium.ts) the browser files took 469 s two at a time against
          // 707 s one at a time; beside the other files they would compete for the two cores.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // tests/chaos: the short chaos run (npm run chaos is the long one); it starts its own npm start.
          name: 'chaos',
          include: ['tests/chaos/**/*.test.ts'],
          testTimeout: 420_000,
          env: { LOG_LEVEL: 'silent' },
        },
      },
      {
        // tests/components: the SPA's screens with Testing Library in happy-dom, the API stubbed at fetch
        // (tests/components/support/). Vite's own config brings the React plugin, the aliases and the
        // virtual modules of the route table and the operator's identity.
        extends: './web/vite.config.ts',
        root: import.meta.dirname,
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          exclude: COMPONENTS_ON_A_FRESH_PAGE,
          environment: 'happy-dom',
          setupFiles: ['tests/components/support/setup.tsx'],
          // The files of a worker share its modules and its page (setup.tsx cleans the page, the storage, the
          // query cache and the stub after each test): React, the router and every screen load once per worker
          // instead of once per file. The project took 53 s of CPU instead of 139 s.
          isolate: false,
          // A file's first render loads its screens' modules: about 3 s on a busy machine, near the default 5 s.
          testTimeout: 30_000,
        },
      },
      {
        // The component files that stand for a page load, each with the app's modules fresh (below).
        extends: './web/vite.config.ts',
        root: import.meta.dirname,
        test: {
          name: 'components-fresh',
          include: COMPONENTS_ON_A_FRESH_PAGE,
          environment: 'happy-dom',
          setupFiles: ['tests/components/support/setup.tsx'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          // tests/static: `npm run check` (types, lint, import boundaries), beside the other files.
          name: 'static',
          include: ['tests/static/**/*.test.ts'],
          testTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          // The files share their workers' processes: aws-cdk-lib is loaded, and its first synthesis warmed
          // up, once per worker instead of once per file (about 7 s of CPU each). They only synthesize
          // templates; none changes process state.
          isolate: false,
          // Each file synthesizes the whole app (one bundles every function): minutes on a busy two-core
          // machine.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
