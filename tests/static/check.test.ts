// `npm run check` inside `npm test`: the types, the lint and format rules, and the import boundaries, each a
// test. As tests they run beside the others instead of before them, and a failure prints the tool's own
// output. The type-check is TypeScript 7's native compiler on one thread (about 9 s of CPU, against 37 s for
// TypeScript 5.9's): the other files keep the second core.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** package.json's "check" script, one command per test. */
const CHECKS = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { check: string } }
).scripts.check.split(' && ');

/** Runs a command from the repository's root, as npm would; its exit code and everything it printed. */
function run(command: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, {
      cwd: ROOT,
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PATH: `${join(ROOT, 'node_modules', '.bin')}${delimiter}${process.env.PATH}` },
    });
    let output = '';
    const keep = (c: Buffer) => {
      output += c.toString();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

describe('npm run check', () => {
  it('has the three checks', () => {
    // The type-check runs TypeScript 7's compiler by its path (`node node_modules/typescript-native/bin/tsc`).
    const tool = (command: string) => {
      const [first, second] = command.split(' ');
      return basename(first === 'node' ? (second as string) : (first as string));
    };
    expect(CHECKS.map(tool)).toEqual(['tsc', 'biome', 'depcruise']);
  });

  it.each(CHECKS)('%s', async (command) => {
    const { code, output } = await run(command);
    expect(code, output).toBe(0);
  });
});
