// Vintage photography: square, one token.
import type { CatalogueStyle } from '../style.ts';
import { photoPrompt } from './prompt-parts.ts';

const SQUARE = { format: 'square', quality: 'medium', inputFidelity: 'low', referenceCount: 2 } as const;

export const VINTAGE: CatalogueStyle[] = [
  {
    key: 'film-noir',
    category: 'vintage',
    text: {
      en: {
        name: 'Film Noir',
        description: 'Black and white, venetian-blind shadows and a forties detective mood.',
      },
      fr: {
        name: 'Film noir',
        description: 'Noir et blanc, ombres de stores vénitiens et ambiance de polar des années 40.',
      },
    },
    prompt: photoPrompt(
      'Style: a 1940s film-noir still photographed on black-and-white film, deep blacks, silvery highlights, fine film grain. Wardrobe: a trench coat with the collar turned up over a shirt and tie or a dark dress with a brooch, optionally a fedora tilted back so the eyes stay visible. Setting: a dim office with light through venetian blinds casting striped shadows across the wall and shoulders. Lighting: one hard key light from the side, strong contrast. Mood: mysterious, composed and a little wry.',
    ),
    ...SQUARE,
    tokenCost: 1,
    recipe: {
      backdrop: { kind: 'stripes', colors: ['#262626', '#8a8a8a'] },
      subject: { shape: 'arch', scale: 0.84, offsetY: 0.02, feather: 0.3, focus: 'attention' },
      grade: { brightness: 1.18, saturation: 0, hue: 0, contrast: 1.25, tone: 'mono' },
      effect: 'none',
      texture: { kind: 'grain', amount: 0.3 },
      frame: { kind: 'border', color: '#0a0a0a' },
    },
  },
  {
    key: 'seventies-instant-photo',
    category: 'vintage',
    text: {
      en: {
        name: '70s Instant Photo',
        description: 'Faded warm colours and a white instant-film border, like a summer snapshot.',
      },
      fr: {
        name: 'Instantané des années 70',
        description: "Couleurs chaudes passées et bord blanc d'instantané, comme une photo d'été.",
      },
    },
    prompt: photoPrompt(
      'Style: a 1970s instant-film snapshot, warm faded colours, slightly lifted blacks, a soft yellow-orange cast, gentle vignetting and a little softness, printed with a white instant-photo border. Wardrobe: seventies casual, a patterned shirt with a wide collar or a ribbed turtleneck in brown, orange or mustard. Setting: a sunny garden or a wood-panelled living room, slightly blurred. Lighting: a direct on-camera flash mixed with warm daylight. Mood: relaxed, nostalgic and happy.',
    ),
    ...SQUARE,
    tokenCost: 1,
    recipe: {
      backdrop: { kind: 'bokeh', colors: ['#78350f', '#d97706', '#fde68a', '#fb923c'] },
      subject: { shape: 'full', scale: 1, offsetY: 0, feather: 0, focus: 'attention' },
      grade: {
        brightness: 1.06,
        saturation: 0.78,
        hue: 6,
        contrast: 0.9,
        tone: 'natural',
        tint: { color: '#f59e0b', amount: 0.14 },
      },
      effect: 'none',
      texture: { kind: 'grain', amount: 0.3 },
      frame: { kind: 'polaroid', color: '#f8f6f0' },
    },
  },
];
