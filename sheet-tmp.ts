import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { STYLE_CATALOGUE } from './functions/domain/styles/catalogue/index.ts';
const keys = STYLE_CATALOGUE.map((s) => s.key);
const start = Number(process.argv[2] ?? 0), count = Number(process.argv[3] ?? 15);
const tiles = await Promise.all(keys.slice(start, start + count).map((k) => sharp(`web/public/styles/${k}.webp`).resize(200, 300, { fit: 'contain', background: '#fff' }).png().toBuffer()));
await sharp({ create: { width: 1000, height: 300 * Math.ceil(tiles.length / 5), channels: 3, background: '#fff' } }).composite(tiles.map((t, i) => ({ input: t, left: (i % 5) * 200, top: Math.floor(i / 5) * 300 }))).png().toFile(`/tmp/gc/sheet-${start}.png`);
console.log(keys.slice(start, start + count).join(', '));
