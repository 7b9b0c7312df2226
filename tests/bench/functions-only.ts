// `npm run bench:functions`: each function's bundle size and cold start alone (tests/bench/functions.ts),
// with their budgets. `-- --cold-runs 41` where the machine is busy; `-- --group teams` for one function.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../../infra/function-entries.ts';
import { reportBudgets } from './budgets.ts';
import { functionBench, functionBudgets, printFunctionFigures } from './functions.ts';

const { values: args } = parseArgs({
  options: { 'cold-runs': { type: 'string', default: '21' }, group: { type: 'string', multiple: true } },
});
const OUT = join(REPO_ROOT, '.local/bench');
const RESULTS = join(REPO_ROOT, 'bench-results');
mkdirSync(OUT, { recursive: true });
mkdirSync(RESULTS, { recursive: true });

const figures = await functionBench(OUT, Number(args['cold-runs']), args.group);
printFunctionFigures(figures);
const budgets = functionBudgets(figures);
writeFileSync(
  join(RESULTS, 'functions.json'),
  JSON.stringify({ date: new Date().toISOString(), functions: figures, budgets }, null, 2),
);
process.exitCode = reportBudgets(budgets);
