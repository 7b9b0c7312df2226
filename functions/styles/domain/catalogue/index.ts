// The styles `npm start` and a deploy seed, in the order their ids are given (catalogue/*.ts).
import type { CatalogueStyle } from '../style.ts';
import { ANIME } from './anime.ts';
import { COMIC } from './comic.ts';
import { CORPORATE } from './corporate.ts';
import { FANTASY } from './fantasy.ts';
import { PAINTERLY } from './painterly.ts';
import { PROFESSIONAL } from './professional.ts';
import { SCI_FI } from './sci-fi.ts';
import { VINTAGE } from './vintage.ts';

export const STYLE_CATALOGUE: readonly CatalogueStyle[] = [
  ...PROFESSIONAL,
  ...CORPORATE,
  ...FANTASY,
  ...ANIME,
  ...PAINTERLY,
  ...SCI_FI,
  ...COMIC,
  ...VINTAGE,
];
