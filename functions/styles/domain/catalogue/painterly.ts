// Painterly: square, low fidelity, except the Renaissance oil portrait, drawn at high quality with high
// fidelity (a likeness in oils), which costs four tokens (provider-pricing.ts).
import type { CatalogueStyle } from '../style.ts';
import { artPrompt } from './prompt-parts.ts';

const SQUARE = { format: 'square', quality: 'medium', inputFidelity: 'low', referenceCount: 2 } as const;

export const PAINTERLY: CatalogueStyle[] = [
  {
    key: 'renaissance-oil',
    category: 'painterly',
    text: {
      en: {
        name: 'Renaissance Oil Portrait',
        description: 'A museum-grade oil portrait with deep shadows, velvet and a gilded glow.',
      },
      fr: {
        name: 'Huile Renaissance',
        description: "Un portrait à l'huile digne d'un musée, ombres profondes, velours et reflets dorés.",
      },
    },
    prompt: artPrompt(
      'Style: an oil painting in the manner of a sixteenth-century Venetian court portrait, visible fine brushwork and glazing, subtle craquelure. Wardrobe: a dark velvet doublet or gown with a delicate white lace collar and a thin gold chain. Setting: a deep umber background with a hint of a dark green drape. Lighting: chiaroscuro, a single warm window light from the upper left modelling the face, the rest falling into rich shadow. Mood: dignified, serene, a very slight smile.',
    ),
    format: 'square',
    quality: 'high',
    inputFidelity: 'high',
    referenceCount: 2,
    tokenCost: 4,
    recipe: {
      backdrop: { kind: 'radial', colors: ['#1a120b', '#5a3d1f'] },
      subject: { shape: 'oval', scale: 0.8, offsetY: 0.02, feather: 0.75, focus: 'attention' },
      grade: {
        brightness: 0.96,
        saturation: 0.85,
        hue: 0,
        contrast: 1.12,
        tone: 'natural',
        tint: { color: '#92400e', amount: 0.2 },
      },
      effect: 'paint',
      texture: { kind: 'canvas', amount: 0.55 },
      frame: { kind: 'ornate', color: '#b8860b' },
    },
  },
  {
    key: 'watercolour-portrait',
    category: 'painterly',
    text: {
      en: { name: 'Watercolour', description: 'Loose washes and soft bleeding colour on textured paper.' },
      fr: {
        name: 'Aquarelle',
        description: 'Lavis libres et couleurs qui se fondent sur un papier texturé.',
      },
    },
    prompt: artPrompt(
      'Style: a loose, expressive watercolour portrait on cold-pressed paper, soft wet-in-wet washes, colours bleeding at the edges, a few confident pencil lines left visible, areas of white paper left unpainted around the silhouette. Palette: soft blues, warm ochres and rose for the skin, matching their real colouring. Setting: no background except a pale wash and splashes. Mood: light, fresh and gentle.',
    ),
    ...SQUARE,
    tokenCost: 1,
    recipe: {
      backdrop: { kind: 'bokeh', colors: ['#fbf8f1', '#f7f1e3', '#93c5fd', '#fcd34d'] },
      subject: { shape: 'oval', scale: 0.86, offsetY: 0.02, feather: 0.95, focus: 'attention' },
      grade: {
        brightness: 1.1,
        saturation: 0.85,
        hue: 0,
        contrast: 0.88,
        tone: 'natural',
        tint: { color: '#93c5fd', amount: 0.1 },
      },
      effect: 'paint',
      texture: { kind: 'paper', amount: 0.55 },
      frame: { kind: 'none', color: '#ffffff' },
    },
  },
  {
    key: 'impressionist',
    category: 'painterly',
    text: {
      en: {
        name: 'Impressionist',
        description: 'Dappled sunlight in short, lively brushstrokes, as if painted outdoors in summer.',
      },
      fr: {
        name: 'Impressionniste',
        description: "Une lumière tachetée en touches courtes et vives, comme peinte en plein air l'été.",
      },
    },
    prompt: artPrompt(
      'Style: an Impressionist oil painting made outdoors, short broken brushstrokes, thick paint, pure colours placed side by side, coloured shadows in violet and blue. Wardrobe: a light summer shirt or dress, optionally a straw hat that does not hide the face. Setting: a sunlit garden with flowers and dappled shade. Lighting: bright summer sun filtered through leaves, flickering on the face and clothes. Mood: carefree and warm.',
    ),
    ...SQUARE,
    tokenCost: 1,
    recipe: {
      backdrop: { kind: 'bokeh', colors: ['#3f6212', '#a3e635', '#fde047', '#c4b5fd'] },
      subject: { shape: 'oval', scale: 0.84, offsetY: 0.02, feather: 0.7, focus: 'attention' },
      grade: { brightness: 1.06, saturation: 1.3, hue: 4, contrast: 1, tone: 'natural' },
      effect: 'paint',
      texture: { kind: 'canvas', amount: 0.4 },
      frame: { kind: 'none', color: '#ffffff' },
    },
  },
  {
    key: 'charcoal-sketch',
    category: 'painterly',
    text: {
      en: { name: 'Charcoal Sketch', description: 'A quick, confident charcoal drawing on warm paper.' },
      fr: {
        name: 'Esquisse au fusain',
        description: 'Un dessin au fusain rapide et assuré sur papier chaud.',
      },
    },
    prompt: artPrompt(
      'Style: a charcoal and graphite portrait drawing on warm off-white paper, expressive hatching, smudged soft shadows, a few bold contour lines, highlights lifted with an eraser; monochrome only. Setting: the bare paper, with loose strokes fading out at the shoulders. Lighting: a single soft light from one side, as in a life-drawing class. Mood: thoughtful and timeless.',
    ),
    ...SQUARE,
    tokenCost: 1,
    recipe: {
      backdrop: { kind: 'solid', colors: ['#f3ede1'] },
      subject: { shape: 'oval', scale: 0.88, offsetY: 0.02, feather: 0.9, focus: 'attention' },
      grade: { brightness: 1, saturation: 0, hue: 0, contrast: 1.1, tone: 'mono' },
      effect: 'sketch',
      texture: { kind: 'paper', amount: 0.6 },
      frame: { kind: 'none', color: '#ffffff' },
    },
  },
];
