// `npm run bench:faces`: the face analysis figures alone (tests/bench/faces.ts), with their budgets.
// `-- --photos 10 --first-use-runs 3` for a quick look.
import { parseArgs } from 'node:util';
import { reportBudgets } from './budgets.ts';
import { faceBench, faceBudgets, printFaceFigures } from './faces.ts';

const { values } = parseArgs({
  options: { photos: { type: 'string' }, 'first-use-runs': { type: 'string' } },
  allowPositionals: true,
});
const figures = await faceBench({
  photos: values.photos ? Number(values.photos) : undefined,
  firstUseRuns: values['first-use-runs'] ? Number(values['first-use-runs']) : undefined,
});
printFaceFigures(figures);
process.exitCode = reportBudgets(faceBudgets(figures));
