// Builds a group's Lambda bundle the way the CDK construct does (infra/constructs/api-function.ts) and
// says what went into it: our source files, and the AWS SDK modules it loads when it starts.
import { relative } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { ESM_REQUIRE_BANNER, LAMBDA_EXTERNAL_MODULES } from '../../infra/constructs/api-function.ts';
import { GENERATION_NEEDS } from '../../infra/constructs/avatar-generation.ts';
import { type FunctionName, handlerEntry, REPO_ROOT } from '../../infra/function-entries.ts';
import { GROUP_NEEDS } from '../../infra/group-needs.ts';

export interface GroupBundle {
  file: string;
  metafile: Metafile;
}

export async function buildGroupBundle(group: FunctionName, outfile: string): Promise<GroupBundle> {
  const result = await build({
    entryPoints: [handlerEntry(group)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    minify: true,
    mainFields: ['module', 'main'],
    banner: { js: ESM_REQUIRE_BANNER },
    // Installed modules ship beside the bundle in node_modules (ApiFunctionProps.installedModules), not in it.
    external: [
      ...LAMBDA_EXTERNAL_MODULES,
      ...(GROUP_NEEDS[group as keyof typeof GROUP_NEEDS]?.installedModules ?? []),
      ...(GENERATION_NEEDS[group as keyof typeof GENERATION_NEEDS]?.installedModules ?? []),
    ],
    outfile,
    metafile: true,
    logLevel: 'error',
  });
  return { file: outfile, metafile: result.metafile };
}

const outputOf = (b: GroupBundle) => {
  const out = b.metafile.outputs[relative(process.cwd(), b.file)];
  if (!out) throw new Error(`esbuild wrote no ${b.file}`);
  return out;
};

/**
 * The SDK modules the bundle imports statically: the ones the Lambda runtime loads before the first
 * request. Modules imported with `import()` (SES, Secrets Manager) load later, when first used.
 */
export const sdkModulesAtStart = (b: GroupBundle): string[] =>
  [
    ...new Set(
      outputOf(b)
        .imports.filter((i) => i.external && i.kind === 'import-statement' && i.path.startsWith('@aws-sdk/'))
        .map((i) => i.path),
    ),
  ].sort();

/**
 * Our own files in the bundle (paths from the repository root), dependencies left out: the ones that put code
 * in it. A file an area's public.ts re-exports is read by esbuild whenever the door is imported, and dropped
 * when nothing of it is used.
 */
export const sourceFiles = (b: GroupBundle): string[] =>
  Object.entries(outputOf(b).inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([p]) => relative(REPO_ROOT, p))
    .filter((p) => !p.includes('node_modules'));
