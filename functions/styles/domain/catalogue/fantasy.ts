// Fantasy: square profile pictures for games and communities. Likeness matters less than in a headshot,
// so low input fidelity keeps them at one token (provider-pricing.ts).
import type { CatalogueStyle } from '../style.ts';
import { artPrompt } from './prompt-parts.ts';

const SQUARE = { format: 'square', quality: 'medium', inputFidelity: 'low', referenceCount: 2 } as const;

export const FANTASY: CatalogueStyle[] = [
  {
    key: 'arcane-mage',
    category: 'fantasy',
    text: {
      en: {
        name: 'Arcane Mage',
        description: 'Star-lit robes and glowing runes: you, as a sorcerer of legend.',
      },
      fr: {
        name: 'Mage des arcanes',
        description: 'Robe étoilée et runes lumineuses : vous, en sorcier de légende.',
      },
    },
    prompt: artPrompt(
      'Style: a richly detailed digital fantasy painting. Wardrobe: deep violet and midnight-blue wizard robes embroidered with silver constellations, a high collar, a pendant with a softly glowing crystal. Setting: a night sky full of stars and a faint nebula behind them, floating golden runes circling the shoulders. Lighting: cool moonlight from above and warm magical light from the runes catching the face. Mood: wise, mysterious and kind, a knowing half-smile.',
    ),
    ...SQUARE,
    tokenCost: 1,
    recipe: {
      backdrop: { kind: 'stars', colors: ['#120a2e', '#3b1a78', '#fde68a', '#8b5cf6'] },
      subject: { shape: 'arch', scale: 0.76, offsetY: 0.04, feather: 0.35, focus: 'attention' },
      grade: {
        brightness: 1,
        saturation: 1.15,
        hue: -8,
        contrast: 1.1,
        tone: 'natural',
        tint: { color: '#7c3aed', amount: 0.16 },
      },
      effect: 'soft',
      texture: { kind: 'grain', amount: 0.08 },
      frame: { kind: 'ornate', color: '#d4af37' },
    },
  },
  {
    key: 'elven-ranger',
    category: 'fantasy',
    text: {
      en: {
        name: 'Elven Ranger',
        description: 'A leaf-green cloak, pointed ears and an ancient forest at your back.',
      },
      fr: {
        name: 'Rôdeur elfe',
        description: 'Une cape vert feuille, des oreilles en pointe et une forêt ancienne derrière vous.',
      },
    },
    prompt: artPrompt(
      'Style: a painterly fantasy illustration with fine detail. Wardrobe: a hooded cloak in forest green lowered onto the shoulders, leather armour with leaf-shaped clasps, a bow strap across the chest; give them gracefully pointed elven ears. Setting: an ancient misty forest with tall mossy trees and shafts of light. Lighting: soft green-gold light filtering through the canopy. Mood: calm, alert and noble.',
    ),
    ...SQUARE,
    tokenCost: 1,
    recipe: {
      backdrop: { kind: 'bokeh', colors: ['#0f2a1a', '#2f5d3a', '#d9f99d', '#86efac'] },
      subject: { shape: 'arch', scale: 0.78, offsetY: 0.04, feather: 0.4, focus: 'attention' },
      grade: {
        brightness: 1,
        saturation: 1.05,
        hue: 0,
        contrast: 1.08,
        tone: 'natural',
        tint: { color: '#4d7c0f', amount: 0.14 },
      },
      effect: 'paint',
      texture: { kind: 'canvas', amount: 0.35 },
      frame: { kind: 'vignette', color: '#0a1a10' },
    },
  },
  {
    key: 'medieval-knight',
    category: 'fantasy',
    text: {
      en: {
        name: 'Knight',
        description: 'Polished plate armour and a castle banner: a portrait fit for the great hall.',
      },
      fr: {
        name: 'Chevalier',
        description: 'Armure étincelante et bannière du château : un portrait digne de la grande salle.',
      },
    },
    prompt: artPrompt(
      'Style: a cinematic, realistic fantasy portrait. Wardrobe: polished steel plate armour with a gorget and engraved pauldrons over chainmail, a deep red surcoat with a simple heraldic lion, no helmet so the face and hair are fully visible. Setting: a stone castle courtyard with banners, out of focus. Lighting: overcast daylight with a warm torch glow from one side glinting on the metal. Mood: brave, steady and honourable.',
    ),
    ...SQUARE,
    tokenCost: 1,
    recipe: {
      backdrop: { kind: 'radial', colors: ['#1f1a17', '#6b5b4b'] },
      subject: { shape: 'arch', scale: 0.78, offsetY: 0.04, feather: 0.3, focus: 'attention' },
      grade: {
        brightness: 0.98,
        saturation: 0.85,
        hue: 0,
        contrast: 1.15,
        tone: 'natural',
        tint: { color: '#9a3412', amount: 0.1 },
      },
      effect: 'none',
      texture: { kind: 'grain', amount: 0.14 },
      frame: { kind: 'double', color: '#a8a29e' },
    },
  },
  {
    key: 'norse-warrior',
    category: 'fantasy',
    text: {
      en: {
        name: 'Norse Warrior',
        description: 'Fur, braids and a wind-swept fjord: bold, cold and heroic.',
      },
      fr: {
        name: 'Guerrier nordique',
        description: 'Fourrure, tresses et fjord balayé par le vent : audacieux, froid et héroïque.',
      },
    },
    prompt: artPrompt(
      'Style: an epic, gritty fantasy portrait in muted colours. Wardrobe: a heavy fur mantle over leather and iron-studded armour, a few braids and simple metal beads added to their own hair, a round shield rim visible at one shoulder. Setting: a grey fjord with snowy mountains and low clouds behind them. Lighting: cold overcast light with a faint warm glow from a distant fire. Mood: fierce, proud and unshakeable.',
    ),
    ...SQUARE,
    tokenCost: 1,
    recipe: {
      backdrop: { kind: 'linear', colors: ['#334155', '#cbd5e1'] },
      subject: { shape: 'full', scale: 1, offsetY: 0, feather: 0, focus: 'attention' },
      grade: {
        brightness: 0.96,
        saturation: 0.7,
        hue: 0,
        contrast: 1.2,
        tone: 'natural',
        tint: { color: '#64748b', amount: 0.14 },
      },
      effect: 'none',
      texture: { kind: 'grain', amount: 0.22 },
      frame: { kind: 'vignette', color: '#0f172a' },
    },
  },
  {
    key: 'fairytale-royalty',
    category: 'fantasy',
    text: {
      en: {
        name: 'Fairy-Tale Royalty',
        description: 'A jewelled crown, velvet and candle-lit splendour, in portrait format.',
      },
      fr: {
        name: 'Royauté de conte',
        description: 'Couronne de joyaux, velours et splendeur aux chandelles, en format portrait.',
      },
    },
    prompt: artPrompt(
      'Style: a luminous storybook illustration with the finish of a classical court portrait. Wardrobe: regal velvet garments in deep blue or crimson with gold embroidery, an ermine-trimmed mantle, a delicate jewelled crown or tiara. Setting: a palace ballroom with chandeliers and tall windows, glowing and soft. Lighting: warm candlelight with sparkling highlights. Mood: gracious, kind and majestic.',
    ),
    format: 'portrait',
    quality: 'medium',
    inputFidelity: 'low',
    referenceCount: 2,
    tokenCost: 2,
    recipe: {
      backdrop: { kind: 'rays', colors: ['#4a1030', '#6b1d45', '#fcd34d'] },
      subject: { shape: 'arch', scale: 0.78, offsetY: 0.05, feather: 0.35, focus: 'attention' },
      grade: {
        brightness: 1.04,
        saturation: 1.1,
        hue: 0,
        contrast: 1.06,
        tone: 'natural',
        tint: { color: '#f59e0b', amount: 0.1 },
      },
      effect: 'soft',
      texture: { kind: 'none', amount: 0 },
      frame: { kind: 'ornate', color: '#e5c158' },
    },
  },
];
