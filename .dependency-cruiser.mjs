// Import boundaries (house style), checked by `npm run check` and so by `npm test`:
// `npx depcruise --config .dependency-cruiser.mjs shared functions infra web tests`.
// Type-only imports count too: a type from the wrong side is still a dependency on it.

/** An area's adapters, by kind: what implements its ports against a service or a library. */
const ADAPTER_DIRS = '(dynamodb|s3|sqs|stripe|ai|images|faces|jose|passwords|openid|mail|http|observability)';

/**
 * What an area's domain/ and its public.ts stay clear of: adapters (an area's adapters.ts too), composition
 * roots, Lambda entries and routes, the platform's settings, secrets, clock and ids, and the packages that
 * talk to AWS, Stripe, the AI provider or the OpenID provider or that read images and faces, installed
 * (node_modules/...) or not yet (the bare name).
 */
const INFRASTRUCTURE = [
  `^functions/[^/]+/${ADAPTER_DIRS}/`,
  '^functions/[^/]+/[^/]*(wiring|handler|routes)[.]ts$',
  '^functions/[^/]+/adapters[.]ts$',
  '^functions/[^/]+/(config|system|secrets|priority-semaphore)[.]ts$',
  '(^|node_modules/)(@aws-sdk/|@smithy/|stripe($|/)|@types/aws-lambda/|aws-lambda($|/)|@middy/|@aws-lambda-powertools/)',
  '(^|node_modules/)(sharp($|/)|@tensorflow/|@vladmandic/face-api($|/)|openai($|/)|openid-client($|/))',
];

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
        "functions/<area>/ is one room: another area's domain, routes and adapters reach it only through its public.ts (its rules, types and ports, no infrastructure), never its adapters.ts; every area may use functions/platform/.",
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
        "A Lambda entry or a composition root (*handler.ts, *wiring.ts) may also build another area's adapters (its adapters.ts) and build on its wiring (its session resolvers, its queue): nothing else of it.",
      severity: 'error',
      from: { path: '^functions/([^/]+)/[^/]*(handler|wiring)[.]ts$' },
      to: {
        path: '^functions/',
        pathNot: [
          '^functions/$1/',
          '^functions/platform/',
          '^functions/[^/]+/(public|adapters)[.]ts$',
          '^functions/[^/]+/[^/]*wiring[.]ts$',
        ],
      },
    },
    {
      name: 'the-door-holds-no-infrastructure',
      comment:
        "An area's public.ts is what any file of another area may import, its domain too: domain types, ports, pure rules and constants. It re-exports no adapter, wiring, handler or routes (those an entry takes from adapters.ts or wiring.ts) and no AWS SDK, Stripe, sharp, tfjs, face-api, OpenAI or OpenID client, however far down.",
      severity: 'error',
      from: { path: '^functions/[^/]+/public[.]ts$' },
      to: { path: INFRASTRUCTURE, reachable: true },
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
        "An area's domain/ talks to its ports: no adapters (dynamodb/, s3/, sqs/, stripe/, ...), no adapters.ts, no wiring, no handler or routes, no HTTP layer, no logging or metrics library, no AWS SDK, no Stripe, no image, face or AI library, no Lambda types.",
      severity: 'error',
      from: { path: '^functions/[^/]+/domain/' },
      to: { path: INFRASTRUCTURE },
    },
    {
      name: 'domain-reaches-no-infrastructure',
      comment:
        "Nor does it get there through something it imports (another area's public.ts, a platform helper, a shared module): what domain-knows-no-infrastructure forbids, no chain of imports from a domain/ file leads to.",
      severity: 'error',
      from: { path: '^functions/[^/]+/domain/' },
      to: { path: INFRASTRUCTURE, reachable: true },
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
