// `npm run bench:faces`: the face analysis figures alone (tests/bench/faces.ts), with their budgets.
import { reportBudgets } from './budgets.ts';
import { faceBench, faceBudgets, printFaceFigures } from './faces.ts';

const figures = await faceBench();
printFaceFigures(figures);
process.exitCode = reportBudgets(faceBudgets(figures));
