// Anime: square, one token. Drawn styles keep likeness through hair, eyes and colouring, so low input
// fidelity is enough.
import type { CatalogueStyle } from '../style.ts';
import { artPrompt } from './prompt-parts.ts';

const SQUARE = { format: 'square', quality: 'medium', inputFidelity: 'low', referenceCount: 2 } as const;

export const ANIME: CatalogueStyle[] = [
  {
    key: 'anime-portrait',
    category: 'anime',
    text: {
      en: {
        name: 'Anime Portrait',
        description: 'Clean lines, cel shading and bright eyes: your classic anime look.',
      },
      fr: {
        name: 'Portrait anime',
        description: 'Traits nets, aplats de couleur et regard lumineux : votre look anime classique.',
      },
    },
    prompt: artPrompt(
      'Style: a modern Japanese anime character portrait with clean, confident line art, cel shading in two or three tones, large expressive eyes that keep their real eye colour and shape, glossy highlights in the hair. Wardrobe: a casual jacket over a T-shirt in their usual colours. Setting: a simple pastel sky-blue background with a few soft clouds. Lighting: bright, even daylight with a clear rim light. Mood: cheerful and friendly.',
    ),
    ...SQUARE,
    tokenCost: 1,
    recipe: {
      backdrop: { kind: 'linear', colors: ['#7dd3fc', '#e0f2fe'] },
      subject: { shape: 'full', scale: 1, offsetY: 0, feather: 0, focus: 'attention' },
      grade: { brightness: 1.08, saturation: 1.35, hue: 0, contrast: 1.1, tone: 'natural' },
      effect: 'ink',
      texture: { kind: 'none', amount: 0 },
      frame: { kind: 'rounded', color: '#ffffff' },
    },
  },
  {
    key: 'shonen-action',
    category: 'anime',
    text: {
      en: {
        name: 'Action Anime',
        description: "Speed lines, a burning sky and a hero's stare, straight out of a fight scene.",
      },
      fr: {
        name: "Anime d'action",
        description: "Lignes de vitesse, ciel embrasé et regard de héros, tout droit sortis d'un combat.",
      },
    },
    prompt: artPrompt(
      'Style: a dynamic action-anime key frame with bold, thick line art, high-contrast cel shading and dramatic speed lines radiating behind them. Wardrobe: a sporty jacket with the collar up over a training shirt, a cloth headband optional. Setting: an orange and red sunset sky with energy sparks. Lighting: strong backlight with a glowing rim and deep shadows on one side of the face. Mood: determined and fearless, a confident grin.',
    ),
    ...SQUARE,
    tokenCost: 1,
    recipe: {
      backdrop: { kind: 'rays', colors: ['#7c2d12', '#ea580c', '#fde047'] },
      subject: { shape: 'circle', scale: 0.8, offsetY: 0.02, feather: 0.08, focus: 'attention' },
      grade: { brightness: 1.05, saturation: 1.12, hue: 0, contrast: 1.15, tone: 'natural' },
      effect: 'ink',
      texture: { kind: 'none', amount: 0 },
      frame: { kind: 'border', color: '#111827' },
    },
  },
  {
    key: 'slice-of-life-anime',
    category: 'anime',
    text: {
      en: {
        name: 'Slice-of-Life Anime',
        description: 'Soft colours, cherry blossom and a quiet, warm afternoon.',
      },
      fr: {
        name: 'Anime tranche de vie',
        description: 'Couleurs douces, cerisiers en fleurs et un après-midi calme et tendre.',
      },
    },
    prompt: artPrompt(
      'Style: a gentle slice-of-life anime illustration with delicate line art, soft gradient shading and a hand-painted watercolour background. Wardrobe: a cosy cardigan or light jacket over a simple top. Setting: a quiet street lined with cherry trees in bloom, petals drifting, warm afternoon sky. Lighting: soft, warm, slightly hazy sunlight. Mood: peaceful and content, a small warm smile.',
    ),
    ...SQUARE,
    tokenCost: 1,
    recipe: {
      backdrop: { kind: 'bokeh', colors: ['#fbcfe8', '#fff1f2', '#f9a8d4', '#fde68a'] },
      subject: { shape: 'oval', scale: 0.8, offsetY: 0.02, feather: 0.6, focus: 'attention' },
      grade: {
        brightness: 1.1,
        saturation: 1.05,
        hue: 0,
        contrast: 0.95,
        tone: 'natural',
        tint: { color: '#f9a8d4', amount: 0.1 },
      },
      effect: 'poster',
      texture: { kind: 'paper', amount: 0.25 },
      frame: { kind: 'none', color: '#ffffff' },
    },
  },
  {
    key: 'chibi-sticker',
    category: 'anime',
    text: {
      en: {
        name: 'Chibi Sticker',
        description: 'A tiny, cute version of you with a big head and a white sticker outline.',
      },
      fr: {
        name: 'Sticker chibi',
        description: 'Une version miniature et adorable de vous, grosse tête et contour blanc de sticker.',
      },
    },
    prompt: artPrompt(
      'Style: a cute chibi sticker: an oversized head on a small body, simplified rounded features, big shining eyes in their real eye colour, rosy cheeks, clean thick outlines, flat bright colours, and a thick white sticker border around the figure. Keep their hairstyle, hair colour, skin tone and glasses clearly recognisable. Setting: a plain soft yellow background. Mood: playful and happy, waving or giving a thumbs-up.',
    ),
    ...SQUARE,
    tokenCost: 1,
    recipe: {
      backdrop: { kind: 'dots', colors: ['#fef9c3', '#fde68a'] },
      subject: { shape: 'circle', scale: 0.78, offsetY: 0, feather: 0.04, focus: 'attention' },
      grade: { brightness: 1.08, saturation: 1.4, hue: 0, contrast: 1.05, tone: 'natural' },
      effect: 'poster',
      texture: { kind: 'none', amount: 0 },
      frame: { kind: 'rounded', color: '#ffffff' },
    },
  },
];
