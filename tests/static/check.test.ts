// `npm run check` inside `npm test`: the types, the lint and format rules, and the import boundaries, each a
// test. As tests they run beside the others instead of before them (tsc alone keeps one core busy for half a
// minute), and a failure prints the tool's own output.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
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
    expect(CHECKS.map((c) => c.split(' ')[0])).toEqual(['tsc', 'biome', 'depcruise']);
  });

  it.each(CHECKS)('%s', async (command) => {
    const { code, output } = await run(command);
    expect(code, output).toBe(0);
  });
});
