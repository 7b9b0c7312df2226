// Professional headshots: portrait format, high input fidelity (a headshot must look like its owner),
// medium quality. Costs follow provider-pricing.ts.
import type { CatalogueStyle } from '../style.ts';
import { photoPrompt } from './prompt-parts.ts';

// Every headshot takes the user's backdrop and outfit.
const PORTRAIT = {
  format: 'portrait',
  quality: 'medium',
  inputFidelity: 'high',
  acceptsChoices: true,
} as const;
const NATURAL = { brightness: 1.02, saturation: 1, hue: 0, contrast: 1.06, tone: 'natural' } as const;

export const PROFESSIONAL: CatalogueStyle[] = [
  {
    key: 'studio-headshot',
    category: 'professional',
    text: {
      en: {
        name: 'Studio Headshot',
        description:
          'A classic professional headshot on a soft grey studio backdrop, ready for your profile and CV.',
      },
      fr: {
        name: 'Portrait studio',
        description:
          'Le portrait professionnel classique sur fond de studio gris doux, prêt pour votre profil et votre CV.',
      },
    },
    prompt: photoPrompt(
      'Setting: a professional studio headshot against a seamless mid-grey paper backdrop with a soft gradient, slightly lighter just behind the head. Wardrobe: a well-fitted dark blazer over a plain light shirt or top, no visible brand names; keep their own hairstyle, neatly groomed. Lighting: a large octabox key light at 45 degrees to one side, a white reflector filling the shadows, a subtle hair light separating them from the backdrop, catchlights in both eyes. Camera: 85 mm portrait lens at f/4, eye level, shoulders angled slightly away, face turned towards the camera. Mood: confident and approachable, a relaxed natural smile.',
    ),
    ...PORTRAIT,
    referenceCount: 3,
    tokenCost: 3,
    recipe: {
      backdrop: { kind: 'studio', colors: ['#3f4652', '#c9ced6', '#8b93a1'] },
      subject: { shape: 'arch', scale: 0.82, offsetY: 0.04, feather: 0.35, focus: 'attention' },
      grade: NATURAL,
      effect: 'none',
      texture: { kind: 'grain', amount: 0.12 },
      frame: { kind: 'vignette', color: '#1f2430' },
    },
  },
  {
    key: 'outdoor-portrait',
    category: 'professional',
    text: {
      en: {
        name: 'Outdoor Portrait',
        description: 'Warm golden-hour light and a softly blurred park behind you: friendly and natural.',
      },
      fr: {
        name: 'Portrait en extérieur',
        description:
          'La lumière chaude de fin de journée et un parc flou derrière vous : un portrait naturel et chaleureux.',
      },
    },
    prompt: photoPrompt(
      'Setting: outdoors in a green city park in the hour before sunset, trees and paths far behind, turned into soft round bokeh. Wardrobe: smart-casual, a light knit or an open-collar shirt under a casual jacket, in muted natural colours. Lighting: warm low sun from behind and to one side as a rim light on the hair, the face lit by soft open shade and a warm bounce, no harsh shadows. Camera: 105 mm lens at f/2.2, eye level, shallow depth of field. Mood: relaxed, warm and trustworthy, a genuine smile.',
    ),
    ...PORTRAIT,
    referenceCount: 2,
    tokenCost: 2,
    recipe: {
      backdrop: { kind: 'bokeh', colors: ['#355e3b', '#a3b86c', '#fde68a', '#fbbf24'] },
      subject: { shape: 'arch', scale: 0.84, offsetY: 0.04, feather: 0.35, focus: 'attention' },
      grade: { ...NATURAL, saturation: 1.08, tint: { color: '#f59e0b', amount: 0.08 } },
      effect: 'soft',
      texture: { kind: 'grain', amount: 0.1 },
      frame: { kind: 'vignette', color: '#2b2410' },
    },
  },
  {
    key: 'creative-professional',
    category: 'professional',
    text: {
      en: {
        name: 'Creative Professional',
        description:
          'A bright, colourful portrait for designers, writers and makers, with a touch of personality.',
      },
      fr: {
        name: 'Profil créatif',
        description:
          'Un portrait lumineux et coloré pour les designers, auteurs et créateurs, avec du caractère.',
      },
    },
    prompt: photoPrompt(
      'Setting: a bright creative studio, a wall in a bold but tasteful single colour (teal, coral or mustard) behind them, a hint of shelves with plants and sketchbooks out of focus. Wardrobe: their own style made a little sharper, such as a patterned shirt, a coloured knit or a denim jacket, optionally one simple accessory. Lighting: soft window light from the side with a gentle fill, crisp and airy. Camera: 50 mm lens at f/2.8, slightly informal three-quarter pose. Mood: curious, open and confident, an easy smile.',
    ),
    ...PORTRAIT,
    referenceCount: 2,
    tokenCost: 2,
    recipe: {
      backdrop: { kind: 'radial', colors: ['#0f766e', '#5eead4'] },
      subject: { shape: 'arch', scale: 0.8, offsetY: 0.04, feather: 0.3, focus: 'attention' },
      grade: { ...NATURAL, saturation: 1.18, contrast: 1.08 },
      effect: 'none',
      texture: { kind: 'grain', amount: 0.08 },
      frame: { kind: 'rounded', color: '#fef3c7' },
    },
  },
  {
    key: 'academic-portrait',
    category: 'professional',
    text: {
      en: {
        name: 'Academic',
        description: 'A thoughtful portrait in front of a library, for researchers, teachers and speakers.',
      },
      fr: {
        name: 'Universitaire',
        description:
          'Un portrait posé devant une bibliothèque, pour chercheurs, enseignants et conférenciers.',
      },
    },
    prompt: photoPrompt(
      'Setting: a university library, tall wooden bookshelves with leather and cloth spines far behind, warm and softly blurred. Wardrobe: a tweed or navy jacket over a shirt or fine knit, optionally a scarf; nothing flashy. Lighting: soft window light from one side, warm practical lamps glowing in the background, gentle contrast. Camera: 85 mm lens at f/2.8, eye level, calm upright posture. Mood: thoughtful, knowledgeable and kind, a subtle closed-mouth smile.',
    ),
    ...PORTRAIT,
    referenceCount: 2,
    tokenCost: 2,
    recipe: {
      backdrop: { kind: 'bokeh', colors: ['#3b2414', '#7c4a22', '#f2c27b', '#b7791f'] },
      subject: { shape: 'arch', scale: 0.82, offsetY: 0.04, feather: 0.35, focus: 'attention' },
      grade: { ...NATURAL, saturation: 0.95, tint: { color: '#b7791f', amount: 0.07 } },
      effect: 'none',
      texture: { kind: 'grain', amount: 0.14 },
      frame: { kind: 'vignette', color: '#1c130b' },
    },
  },
  {
    key: 'medical-professional',
    category: 'professional',
    text: {
      en: {
        name: 'Medical',
        description: 'A clean, reassuring portrait in a white coat, for doctors, nurses and therapists.',
      },
      fr: {
        name: 'Santé',
        description:
          'Un portrait net et rassurant en blouse blanche, pour médecins, infirmiers et thérapeutes.',
      },
    },
    prompt: photoPrompt(
      'Setting: a modern, bright clinic corridor in pale blue and white, out of focus behind them. Wardrobe: a crisp white medical coat over a light blue shirt or over scrubs, a stethoscope around the neck; no name badge text, no hospital logo. Lighting: even, soft, high-key light from the front and side, clean whites without blown highlights. Camera: 85 mm lens at f/3.2, eye level. Mood: calm, competent and reassuring, a warm smile.',
    ),
    ...PORTRAIT,
    referenceCount: 2,
    tokenCost: 2,
    recipe: {
      backdrop: { kind: 'studio', colors: ['#9cc3dd', '#f1f7fb', '#d6e8f3'] },
      subject: { shape: 'arch', scale: 0.82, offsetY: 0.04, feather: 0.3, focus: 'attention' },
      grade: { ...NATURAL, brightness: 1.06, saturation: 0.92, tint: { color: '#7dd3fc', amount: 0.05 } },
      effect: 'none',
      texture: { kind: 'none', amount: 0 },
      frame: { kind: 'none', color: '#ffffff' },
    },
  },
];
