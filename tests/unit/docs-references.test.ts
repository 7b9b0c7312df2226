// The README and docs/ only point at files a clone of this repository has (or makes: the
// git-ignored outputs of its own commands), never at a sibling folder outside it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const DOCS = ['README.md', ...readdirSync(join(REPO, 'docs')).map((f) => `docs/${f}`)].filter((f) =>
  f.endsWith('.md'),
);
/** Folders the repository's commands create, listed in .gitignore. */
const OUTPUTS = readFileSync(join(REPO, '.gitignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim().replace(/\/$/, ''))
  .filter((l) => l && !l.startsWith('#') && !l.includes('*'));

/** File paths a document names: markdown links and `code` that reads as a relative path. */
function referencedPaths(doc: string): { path: string; from: string }[] {
  const text = readFileSync(join(REPO, doc), 'utf8');
  const found: { path: string; from: string }[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = (m[1] as string).split('#')[0] as string;
    if (target && !/^[a-z]+:/i.test(target)) found.push({ path: target, from: join(doc, '..') });
  }
  for (const m of text.matchAll(/`([^`\s]+)`/g)) {
    const code = m[1] as string;
    if (/^(\.{1,2}\/)+/.test(code) || /^[\w.-]+(\/[\w.*-]+)+\/?$/.test(code))
      found.push({ path: code, from: '.' });
  }
  return found;
}

describe('README and docs', () => {
  it('have the product described in docs/product.md', () => {
    expect(existsSync(join(REPO, 'docs/product.md'))).toBe(true);
    expect(readFileSync(join(REPO, 'README.md'), 'utf8')).toContain('docs/product.md');
  });

  it.each(DOCS)('%s names only files inside the repository', (doc) => {
    const problems: string[] = [];
    for (const { path, from } of referencedPaths(doc)) {
      const full = resolve(REPO, from, path.replace(/\*.*$/, ''));
      const inRepo = relative(REPO, full);
      if (inRepo.startsWith('..')) problems.push(`${path}: outside the repository`);
      else if (!existsSync(full) && !OUTPUTS.some((o) => inRepo === o || inRepo.startsWith(`${o}/`))) {
        problems.push(`${path}: no such file`);
      }
    }
    expect(problems).toEqual([]);
  });
});
