// Science fiction: square, one token.
import type { CatalogueStyle } from '../style.ts';
import { artPrompt } from './prompt-parts.ts';

const SQUARE = { format: 'square', quality: 'medium', inputFidelity: 'low', referenceCount: 2 } as const;

export const SCI_FI: CatalogueStyle[] = [
  {
    key: 'neon-cyberpunk',
    category: 'sci-fi',
    text: {
      en: {
        name: 'Neon Cyberpunk',
        description: 'Rain, neon and chrome: a night-city portrait in pink and cyan.',
      },
      fr: {
        name: 'Cyberpunk néon',
        description: 'Pluie, néons et chrome : un portrait de ville nocturne en rose et cyan.',
      },
    },
    prompt: artPrompt(
      'Style: a cinematic cyberpunk digital painting with a photographic finish. Wardrobe: a black high-collar techwear jacket with subtle glowing seams, a thin holographic visor pushed up on the head or small luminous implants at the temple. Setting: a rain-soaked megacity street at night, blurred neon signs without readable text, reflections on wet surfaces. Lighting: strong magenta light from one side and cyan from the other, wet highlights on the skin. Mood: cool, confident and a little defiant.',
    ),
    ...SQUARE,
    tokenCost: 1,
    recipe: {
      backdrop: { kind: 'grid', colors: ['#07021a', '#2a0b52', '#22d3ee', '#f472b6'] },
      subject: { shape: 'arch', scale: 0.76, offsetY: 0.04, feather: 0.3, focus: 'attention' },
      grade: {
        brightness: 1.04,
        saturation: 1.15,
        hue: 0,
        contrast: 1.15,
        tone: 'natural',
        tint: { color: '#c084fc', amount: 0.35 },
      },
      effect: 'glow',
      texture: { kind: 'scanlines', amount: 0.22 },
      frame: { kind: 'neon', color: '#f472b6' },
    },
  },
  {
    key: 'space-explorer',
    category: 'sci-fi',
    text: {
      en: {
        name: 'Space Explorer',
        description: 'A mission suit, a space-station window and Earth glowing behind you.',
      },
      fr: {
        name: 'Explorateur spatial',
        description:
          'Combinaison de mission, hublot de station spatiale et la Terre qui brille derrière vous.',
      },
    },
    prompt: artPrompt(
      'Style: a photorealistic science-fiction portrait. Wardrobe: a white and grey astronaut flight suit with soft fabric folds, a neck ring for a helmet (no helmet on), fictional mission patches without readable text. Setting: inside a space station cupola, the curve of the Earth and a field of stars through the window behind them. Lighting: cool blue earthlight from the window plus soft white cabin light on the face. Mood: curious, calm and brave.',
    ),
    ...SQUARE,
    tokenCost: 1,
    recipe: {
      backdrop: { kind: 'stars', colors: ['#020617', '#0c1f4a', '#bae6fd', '#38bdf8'] },
      subject: { shape: 'circle', scale: 0.78, offsetY: 0.02, feather: 0.12, focus: 'attention' },
      grade: {
        brightness: 1.02,
        saturation: 0.9,
        hue: 0,
        contrast: 1.1,
        tone: 'natural',
        tint: { color: '#38bdf8', amount: 0.12 },
      },
      effect: 'none',
      texture: { kind: 'grain', amount: 0.1 },
      frame: { kind: 'double', color: '#cbd5e1' },
    },
  },
  {
    key: 'synthwave',
    category: 'sci-fi',
    text: {
      en: {
        name: 'Synthwave',
        description: 'An eighties sunset, a glowing grid and chrome: pure retro-future.',
      },
      fr: {
        name: 'Synthwave',
        description: 'Un coucher de soleil années 80, une grille lumineuse et du chrome : le rétro-futur.',
      },
    },
    prompt: artPrompt(
      'Style: an eighties synthwave poster illustration, airbrushed gradients, chrome highlights. Wardrobe: a bomber jacket with a popped collar, mirrored aviator sunglasses pushed up into the hair so the eyes stay visible. Setting: a huge striped retro sun setting over a glowing magenta and cyan perspective grid, palm silhouettes at the edges. Lighting: hot pink from behind, electric blue fill on the face. Mood: cool, nostalgic and confident.',
    ),
    ...SQUARE,
    tokenCost: 1,
    recipe: {
      backdrop: { kind: 'grid', colors: ['#1e0b3a', '#c026d3', '#22d3ee', '#fb923c'] },
      subject: { shape: 'arch', scale: 0.74, offsetY: 0.05, feather: 0.25, focus: 'attention' },
      grade: {
        brightness: 1.04,
        saturation: 1.3,
        hue: 0,
        contrast: 1.15,
        tone: 'natural',
        tint: { color: '#db2777', amount: 0.18 },
      },
      effect: 'glow',
      texture: { kind: 'scanlines', amount: 0.15 },
      frame: { kind: 'none', color: '#ffffff' },
    },
  },
];
