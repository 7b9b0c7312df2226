// Comic and pixel styles: square, one token.
import type { CatalogueStyle } from '../style.ts';
import { artPrompt } from './prompt-parts.ts';

const SQUARE = { format: 'square', quality: 'medium', inputFidelity: 'low', referenceCount: 2 } as const;

export const COMIC: CatalogueStyle[] = [
  {
    key: 'comic-book-hero',
    category: 'comic',
    text: {
      en: {
        name: 'Comic Book Hero',
        description: 'Inked outlines, halftone dots and bold colour, straight off the cover.',
      },
      fr: {
        name: 'Héros de BD',
        description: 'Contours encrés, trames de points et couleurs franches, comme en couverture.',
      },
    },
    prompt: artPrompt(
      'Style: a classic American comic-book cover illustration, confident black ink outlines with varied line weight, cross-hatched shadows, flat bold colours with halftone dot shading. Wardrobe: a simple original superhero suit in two strong colours with a plain chest emblem shape (no letters, no existing hero), a short cape. Setting: a city skyline at dusk with a burst of light behind them. Lighting: dramatic light from below and one side. Mood: heroic and confident.',
    ),
    ...SQUARE,
    tokenCost: 1,
    recipe: {
      backdrop: { kind: 'dots', colors: ['#facc15', '#ea580c'] },
      subject: { shape: 'circle', scale: 0.8, offsetY: 0.02, feather: 0.03, focus: 'attention' },
      grade: { brightness: 1.06, saturation: 1.5, hue: 0, contrast: 1.25, tone: 'natural' },
      effect: 'ink',
      texture: { kind: 'halftone', amount: 0.35 },
      frame: { kind: 'border', color: '#0a0a0a' },
    },
  },
  {
    key: 'pop-art',
    category: 'comic',
    text: {
      en: {
        name: 'Pop Art',
        description: 'Primary colours, thick outlines and Ben-Day dots: a gallery print of you.',
      },
      fr: {
        name: 'Pop art',
        description: 'Couleurs primaires, contours épais et trames de points : une sérigraphie de vous.',
      },
    },
    prompt: artPrompt(
      'Style: sixties pop-art print, thick black outlines, flat areas of primary red, yellow and blue, skin and shadows rendered with large Ben-Day dots, a glossy screen-printed feel. Wardrobe: a simple top in a flat primary colour. Setting: a plain bright background in a contrasting flat colour with diagonal stripes. Mood: bold, graphic and playful.',
    ),
    ...SQUARE,
    tokenCost: 1,
    recipe: {
      backdrop: { kind: 'stripes', colors: ['#dc2626', '#f87171'] },
      subject: { shape: 'full', scale: 1, offsetY: 0, feather: 0, focus: 'attention' },
      grade: { brightness: 1.1, saturation: 1.6, hue: 0, contrast: 1.3, tone: 'natural' },
      effect: 'poster',
      texture: { kind: 'halftone', amount: 0.45 },
      frame: { kind: 'border', color: '#111111' },
    },
  },
  {
    key: 'pixel-art',
    category: 'comic',
    text: {
      en: { name: 'Pixel Art', description: 'A 16-bit game portrait, every pixel placed on purpose.' },
      fr: { name: 'Pixel art', description: 'Un portrait de jeu 16 bits, chaque pixel posé avec soin.' },
    },
    prompt: artPrompt(
      'Style: a 16-bit era video-game character portrait in crisp pixel art, a limited palette of about 24 colours, clean dark outlines, dithered shading, no anti-aliasing or blur, as if drawn on a 64 by 64 grid and scaled up with hard pixel edges. Keep their hairstyle, hair colour, skin tone, glasses and facial hair readable at that resolution. Setting: a plain dark blue background with a few pixel stars. Mood: friendly and adventurous.',
    ),
    ...SQUARE,
    tokenCost: 1,
    recipe: {
      backdrop: { kind: 'stars', colors: ['#0b1437', '#1e3a8a', '#fde047', '#60a5fa'] },
      subject: { shape: 'full', scale: 1, offsetY: 0, feather: 0, focus: 'attention' },
      grade: { brightness: 1.05, saturation: 1.25, hue: 0, contrast: 1.1, tone: 'natural' },
      effect: 'pixel',
      texture: { kind: 'none', amount: 0 },
      frame: { kind: 'border', color: '#0b1437' },
    },
  },
];
