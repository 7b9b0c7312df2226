// Corporate headshots: portrait format, high input fidelity. The executive portrait is drawn at high
// quality, so it costs more (provider-pricing.ts).
import type { CatalogueStyle } from '../style.ts';
import { photoPrompt } from './prompt-parts.ts';

// Every business portrait takes the user's backdrop and outfit.
const PORTRAIT = { format: 'portrait', inputFidelity: 'high', acceptsChoices: true } as const;
const NATURAL = { brightness: 1, saturation: 1, hue: 0, contrast: 1.06, tone: 'natural' } as const;

export const CORPORATE: CatalogueStyle[] = [
  {
    key: 'office-headshot',
    category: 'corporate',
    text: {
      en: {
        name: 'Office Headshot',
        description: 'A polished headshot in a modern office, the look most company pages ask for.',
      },
      fr: {
        name: 'Portrait au bureau',
        description:
          "Un portrait soigné dans un bureau moderne, le rendu attendu sur les pages d'entreprise.",
      },
    },
    prompt: photoPrompt(
      'Setting: a modern open-plan office with glass partitions, light wood and a few plants, far behind and softly blurred, daylight from large windows. Wardrobe: business attire, a tailored suit jacket or blazer in navy or charcoal with a plain shirt or blouse; a tie only if it suits them. Lighting: soft daylight from a window to one side plus a gentle fill, neutral white balance. Camera: 85 mm lens at f/2.8, eye level, shoulders slightly turned. Mood: professional, friendly and capable, a natural smile.',
    ),
    ...PORTRAIT,
    quality: 'medium',
    referenceCount: 3,
    tokenCost: 3,
    recipe: {
      backdrop: { kind: 'bokeh', colors: ['#5b6b78', '#dfe6ea', '#ffffff', '#a7c4b5'] },
      subject: { shape: 'arch', scale: 0.82, offsetY: 0.04, feather: 0.35, focus: 'attention' },
      grade: NATURAL,
      effect: 'none',
      texture: { kind: 'grain', amount: 0.08 },
      frame: { kind: 'none', color: '#ffffff' },
    },
  },
  {
    key: 'executive-portrait',
    category: 'corporate',
    text: {
      en: {
        name: 'Executive Portrait',
        description: 'A dark, dramatic boardroom portrait in fine detail, for leaders and annual reports.',
      },
      fr: {
        name: 'Portrait de dirigeant',
        description: 'Un portrait sombre et affirmé, très détaillé, pour dirigeants et rapports annuels.',
      },
    },
    prompt: photoPrompt(
      'Setting: an executive portrait in a dim boardroom, dark wood panelling and a city skyline at dusk through tall windows, far behind and deeply blurred. Wardrobe: an impeccably tailored dark suit, crisp white or pale blue shirt, optionally a dark silk tie or a simple statement necklace; a discreet watch at most. Lighting: low-key, a single large softbox from one side sculpting the face, a subtle rim light on the shoulders, rich shadows. Camera: 100 mm lens at f/4, camera slightly below eye level, arms folded or hands at rest out of frame. Mood: assured, calm authority, the faintest smile.',
    ),
    ...PORTRAIT,
    quality: 'high',
    referenceCount: 2,
    tokenCost: 5,
    recipe: {
      backdrop: { kind: 'studio', colors: ['#0b0f17', '#3a4356', '#1c2230'] },
      subject: { shape: 'arch', scale: 0.8, offsetY: 0.05, feather: 0.4, focus: 'attention' },
      grade: { ...NATURAL, brightness: 0.94, saturation: 0.88, contrast: 1.18 },
      effect: 'none',
      texture: { kind: 'grain', amount: 0.14 },
      frame: { kind: 'vignette', color: '#000000' },
    },
  },
  {
    key: 'startup-casual',
    category: 'corporate',
    text: {
      en: {
        name: 'Start-up Casual',
        description: 'Relaxed and bright, in a sweater or tee: the team-page look of young companies.',
      },
      fr: {
        name: 'Start-up décontracté',
        description:
          'Détendu et lumineux, en pull ou en t-shirt : le style des pages équipe des jeunes entreprises.',
      },
    },
    prompt: photoPrompt(
      'Setting: a bright, airy start-up loft with white brick walls, big windows and a few plants, softly blurred. Wardrobe: smart casual, a plain crew-neck sweater or a quality plain T-shirt under an unbuttoned overshirt, in a solid colour, no prints or logos. Lighting: abundant soft daylight, gentle fill, light and airy tones. Camera: 50 mm lens at f/2.5, eye level, relaxed stance. Mood: energetic, approachable and optimistic, a broad genuine smile.',
    ),
    ...PORTRAIT,
    quality: 'medium',
    referenceCount: 2,
    tokenCost: 2,
    recipe: {
      backdrop: { kind: 'linear', colors: ['#cbd5e1', '#f8fafc'] },
      subject: { shape: 'full', scale: 1, offsetY: 0, feather: 0, focus: 'attention' },
      grade: { ...NATURAL, brightness: 1.06, saturation: 1.05, contrast: 1.02 },
      effect: 'none',
      texture: { kind: 'none', amount: 0 },
      frame: { kind: 'border', color: '#f8fafc' },
    },
  },
  {
    key: 'conference-speaker',
    category: 'corporate',
    text: {
      en: {
        name: 'Conference Speaker',
        description: 'Stage lights and a big-event atmosphere, for speaker bios and event posters.',
      },
      fr: {
        name: 'Conférencier',
        description:
          "Projecteurs et ambiance de grand événement, pour les biographies d'intervenants et les affiches.",
      },
    },
    prompt: photoPrompt(
      'Setting: on a conference stage, a dark auditorium behind them with blurred blue and violet stage lights and a large out-of-focus screen glow; no readable text or logos. Wardrobe: smart business casual, an open-collar shirt or blouse under a blazer, a small clip-on microphone. Lighting: a warm front key light like a theatre spot, cool coloured rim lights from behind. Camera: 135 mm lens at f/2.8, eye level, mid-gesture energy but facing the camera. Mood: engaging and inspiring, an open smile.',
    ),
    ...PORTRAIT,
    quality: 'medium',
    referenceCount: 2,
    tokenCost: 2,
    recipe: {
      backdrop: { kind: 'bokeh', colors: ['#0b1026', '#1e1b4b', '#6366f1', '#38bdf8'] },
      subject: { shape: 'arch', scale: 0.82, offsetY: 0.04, feather: 0.4, focus: 'attention' },
      grade: { ...NATURAL, contrast: 1.12, tint: { color: '#f59e0b', amount: 0.06 } },
      effect: 'none',
      texture: { kind: 'grain', amount: 0.12 },
      frame: { kind: 'vignette', color: '#050816' },
    },
  },
];
