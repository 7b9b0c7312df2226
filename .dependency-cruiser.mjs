// Import boundaries (house style), checked by `npm run check` and so by `npm test`:
// `npx depcruise --config .dependency-cruiser.mjs shared functions infra web tests`.
// Type-only imports count too: a type from the wrong side is still a dependency on it.
export default {
  forbidden: [
    {
      name: 'features-stay-apart',
      comment:
        'A web feature never imports another feature: what two features share moves to web/src/components or web/src/lib.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'domain-knows-no-infrastructure',
      comment:
        'functions/domain talks to ports: no adapters, no HTTP layer, no logging or metrics library, no AWS SDK, no Stripe, no Lambda types.',
      severity: 'error',
      from: { path: '^functions/domain/' },
      to: {
        path: [
          '^functions/(adapters|http|handlers|observability)/',
          // installed (node_modules/...) or not yet (the bare name)
          '(^|node_modules/)(@aws-sdk/|@smithy/|stripe($|/)|@types/aws-lambda/|aws-lambda($|/)|@middy/|@aws-lambda-powertools/)',
        ],
      },
    },
    {
      name: 'adapters-never-import-wiring',
      comment:
        'functions/wiring holds the composition roots (what each function builds from its config): adapters and the domain are what they put together, and never reach back.',
      severity: 'error',
      from: { path: '^functions/(adapters|domain|http)/' },
      to: { path: '^functions/wiring/' },
    },
    {
      name: 'web-knows-no-backend',
      comment: 'The web app and its build scripts read the API through shared/, never functions/ or infra/.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(functions|infra)/' },
    },
    {
      name: 'no-circular',
      comment:
        'No import circles: a module that two others need moves to a leaf file both import (a model, a table, a chunk list).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'components-and-lib-never-import-app',
      comment:
        'web/src/app is the shell that puts components and lib together (router, providers, lazy chunks): they never reach back into it.',
      severity: 'error',
      from: { path: '^web/src/(components|lib)/' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'shared-depends-on-nothing-of-ours',
      comment: 'shared/ is read by every part, so it imports none of them.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(web|functions|infra|tests)/' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(cdk\\.out|web/dist|\\.local)/' },
    // Vite's virtual module (web/vite.config.ts) has no file to resolve to.
    moduleSystems: ['es6', 'cjs'],
  },
};
