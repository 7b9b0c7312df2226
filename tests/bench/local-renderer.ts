// The embedded renderer's time per avatar: every catalogue style drawn from two 12-megapixel phone-sized
// photos, one against a plain wall (the person is cut out) and one against a busy background (cropped to
// the style's window). The first render of each style also draws its cached layers, so it is reported
// apart; the budget holds for the portrait renders that follow.
import sharp from 'sharp';
import { placePhoto } from '../../functions/generation/ai/local-renderer/crop.ts';
import { windowBox } from '../../functions/generation/ai/local-renderer/layers.ts';
import { LocalRenderer } from '../../functions/generation/ai/local-renderer/local-renderer.ts';
import { type ReferenceImage, SIZE_OF_FORMAT } from '../../functions/generation/domain/image-provider.ts';
import { STYLE_CATALOGUE } from '../../functions/styles/domain/catalogue/index.ts';
import { DEFAULT_RECIPE } from '../../functions/styles/domain/render-recipe.ts';
import { percentile as pct } from './stats.ts';

export interface RendererFigures {
  photo: string;
  /** how the photo was placed: the person cut out of a plain wall, or cropped to the style's window */
  placement: 'cut-out' | 'window';
  renders: number;
  firstRenderMs: number;
  portraitP50Ms: number;
  portraitP95Ms: number;
  portraitMaxMs: number;
  /** the process's CPU time per portrait render (libvips threads included), steadier on a busy machine */
  portraitCpuP50Ms: number;
}

const W = 3024;
const H = 4032;

async function phonePhoto(wall: 'plain' | 'busy'): Promise<ReferenceImage> {
  const person = `<ellipse cx="${W / 2}" cy="${H * 0.42}" rx="${W * 0.2}" ry="${H * 0.17}" fill="#c68863"/><path d="M${W * 0.12} ${H}C${W * 0.15} ${H * 0.68} ${W * 0.85} ${H * 0.68} ${W * 0.88} ${H}Z" fill="#334155"/><ellipse cx="${W / 2}" cy="${H * 0.3}" rx="${W * 0.22}" ry="${H * 0.1}" fill="#3b2416"/>`;
  // A busy background: small leaves of colour everywhere, nothing for a plain-wall cut to take.
  const leaves = Array.from(
    { length: 900 },
    (_, i) =>
      `<circle cx="${(i * 613) % W}" cy="${(i * 1031) % H}" r="${40 + ((i * 37) % 90)}" fill="${['#14532d', '#a16207', '#1e3a8a', '#9f1239', '#4d7c0f'][i % 5]}"/>`,
  ).join('');
  const background =
    wall === 'plain'
      ? '<rect width="100%" height="100%" fill="#e4e0d8"/>'
      : `<rect width="100%" height="100%" fill="#3f6212"/>${leaves}`;
  const drawn = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${background}${person}</svg>`,
    ),
  )
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Sensor noise, so the file decodes like a real photo rather than flat colour.
  const noise = await sharp({
    create: {
      width: W,
      height: H,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 9 },
    },
  })
    .raw()
    .toBuffer();
  const pixels = Buffer.alloc(W * H * 3);
  const step = drawn.info.channels;
  for (let p = 0; p < W * H; p++) {
    for (let c = 0; c < 3; c++) {
      const v = (drawn.data[p * step + c] as number) + (noise[p * 3 + c] as number) - 128;
      pixels[p * 3 + c] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
  }
  const bytes = await sharp(pixels, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
  return { bytes, contentType: 'image/jpeg' };
}

const ms = (n: number) => Math.round(n);

export async function benchLocalRenderer(rounds = 1): Promise<RendererFigures[]> {
  const renderer = new LocalRenderer();
  const figures: RendererFigures[] = [];
  for (const wall of ['plain', 'busy'] as const) {
    const reference = await phonePhoto(wall);
    const { box, shape } = windowBox(DEFAULT_RECIPE.subject, 1024, 1536);
    const placed = await placePhoto(
      reference,
      DEFAULT_RECIPE.subject,
      { width: 1024, height: 1536 },
      box,
      shape,
    );
    const portrait: number[] = [];
    const cpu: number[] = [];
    let first = 0;
    let renders = 0;
    for (let round = 0; round <= rounds; round++) {
      for (const style of STYLE_CATALOGUE) {
        // Every style is drawn portrait-sized for the budget, and once more at its own size.
        for (const size of ['1024x1536', SIZE_OF_FORMAT[style.format]] as const) {
          const started = performance.now();
          const cpuStart = process.cpuUsage();
          await renderer.generate({
            references: [reference],
            prompt: style.prompt,
            size,
            quality: style.quality,
            inputFidelity: style.inputFidelity,
            recipe: style.recipe,
          });
          const elapsed = performance.now() - started;
          const used = process.cpuUsage(cpuStart);
          renders += 1;
          if (renders === 1) first = elapsed;
          // Round 0 draws each style's layers for the first time; the budget counts the rounds after.
          if (round > 0 && size === '1024x1536') {
            portrait.push(elapsed);
            cpu.push((used.user + used.system) / 1000);
          }
        }
      }
    }
    portrait.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    figures.push({
      photo: `${W}x${H} JPEG, ${wall} background (${Math.round(reference.bytes.length / 1024)} KB)`,
      placement: placed.cutout ? 'cut-out' : 'window',
      renders,
      firstRenderMs: ms(first),
      portraitP50Ms: ms(pct(portrait, 50)),
      portraitP95Ms: ms(pct(portrait, 95)),
      portraitMaxMs: ms(portrait.at(-1) as number),
      portraitCpuP50Ms: ms(pct(cpu, 50)),
    });
  }
  return figures;
}

if (import.meta.main) {
  for (const f of await benchLocalRenderer()) console.log(f);
}
