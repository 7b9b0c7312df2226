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
      name: 'areas-meet-through-their-door',
      comment:
        'functions/<area>/ is one room: another area reaches it only through its public.ts (what it offers), and every area may use functions/platform/.',
      severity: 'error',
      from: { path: '^functions/([^/]+)/', pathNot: ['[^/]*handler[.]ts$', '[^/]*wiring[.]ts$'] },
      to: {
        path: '^functions/',
        pathNot: ['^functions/$1/', '^functions/platform/', '^functions/[^/]+/public[.]ts$'],
      },
    },
    {
      name: 'roots-meet-through-door-or-wiring',
      comment:
        "A Lambda entry or a composition root (*handler.ts, *wiring.ts) may also build on another area's wiring (its session resolvers, its queue): nothing else of it.",
      severity: 'error',
      from: { path: '^functions/([^/]+)/[^/]*(handler|wiring)[.]ts$' },
      to: {
        path: '^functions/',
        pathNot: [
          '^functions/$1/',
          '^functions/platform/',
          '^functions/[^/]+/public[.]ts$',
          '^functions/[^/]+/[^/]*wiring[.]ts$',
        ],
      },
    },
    {
      name: 'platform-knows-no-area',
      comment:
        'functions/platform/ is what every area uses (HTTP, observability, the DynamoDB client, mail): it imports none of them.',
      severity: 'error',
      from: { path: '^functions/platform/' },
      to: { path: '^functions/', pathNot: '^functions/platform/' },
    },
    {
      name: 'domain-knows-no-infrastructure',
      comment:
        "An area's domain/ talks to its ports: no adapters (dynamodb/, s3/, sqs/, stripe/, ...), no wiring, no handler or routes, no HTTP layer, no logging or metrics library, no AWS SDK, no Stripe, no Lambda types.",
      severity: 'error',
      from: { path: '^functions/[^/]+/domain/' },
      to: {
        path: [
          '^functions/[^/]+/(dynamodb|s3|sqs|stripe|ai|images|faces|jose|passwords|openid|mail|http|observability)/',
          '^functions/[^/]+/[^/]*wiring[.]ts$',
          '^functions/[^/]+/[^/]*(handler|routes)[.]ts$',
          '^functions/[^/]+/(config|system|secrets|priority-semaphore)[.]ts$',
          // installed (node_modules/...) or not yet (the bare name)
          '(^|node_modules/)(@aws-sdk/|@smithy/|stripe($|/)|@types/aws-lambda/|aws-lambda($|/)|@middy/|@aws-lambda-powertools/)',
        ],
      },
    },
    {
      name: 'only-entries-import-wiring',
      comment:
        "An area's wiring.ts files are its composition roots (what each function builds from its config): only the Lambda entries (*handler.ts) and other wiring import them; adapters, routes and the domain never reach back.",
      severity: 'error',
      from: { path: '^functions/', pathNot: ['[^/]*handler[.]ts$', '[^/]*wiring[.]ts$'] },
      // A routes file may name its group's deps type (a type-only import, gone at run time).
      to: { path: '^functions/[^/]+/[^/]*wiring[.]ts$', dependencyTypesNot: ['type-only'] },
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
