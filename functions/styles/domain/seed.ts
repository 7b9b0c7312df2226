// Seeding the styles table from the catalogue: run by `npm start`'s local stack and, in AWS, by the
// deploy's custom resource (infra/constructs/style-catalogue.ts). Styles seeded before are kept as they are.
import { STYLE_CATALOGUE } from './catalogue/index.ts';
import { fromCatalogue } from './style.ts';
import type { SeedResult, StyleStore } from './style-store.ts';

export const seedStyleCatalogue = (store: StyleStore): Promise<SeedResult> =>
  store.seed(STYLE_CATALOGUE.map(fromCatalogue));
