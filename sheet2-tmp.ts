import sharp from 'sharp';
import ex from './web/src/content/examples.json' with { type: 'json' };
const all = [...ex.examples, ...ex.headshotExamples];
const tiles = await Promise.all(all.map((e) => sharp(`web/public${e.src}`).resize(192, 192).png().toBuffer()));
await sharp({ create: { width: 192 * 8, height: 192 * 2, channels: 3, background: '#fff' } }).composite(tiles.map((t, i) => ({ input: t, left: (i % 8) * 192, top: Math.floor(i / 8) * 192 }))).png().toFile('/tmp/gc/examples-new.png');
console.log(all.map((e) => e.style).join(' '));
