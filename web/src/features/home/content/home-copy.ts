// The landing page's copy (spec sections 1, 2 and 9), in English and in French. Prerendered only: import it
// inside `import.meta.env.SSR &&` code, so none of it ships in the JavaScript.

import type { Card, DemoCopy, FaqItem } from '../../../components/marketing/content/marketing-blocks.tsx';
import { type QuotedPrices, quotedPrices } from '../../../components/marketing/content/pricing-overview.tsx';
import type { Language } from '../../../lib/language.ts';

export interface HomeCopy {
  hero: {
    eyebrow: string;
    title: string;
    lead: string;
    cta: string;
    secondary: string;
    note: string;
    visualLabel: string;
  };
  facts: { label: string; items: { value: string; label: string }[] };
  audience: { title: string; lead: string; cards: Card[] };
  steps: { eyebrow: string; title: string; lead: string; items: Card[] };
  demo: DemoCopy;
  styles: { title: string; lead: string; names: Record<string, string>; note: string };
  benefits: { title: string; lead: string; cards: Card[] };
  pricing: { title: string; lead: string };
  whatIs: { title: string; paragraphs: string[]; asideTitle: string; aside: string[] };
  faq: { title: string; lead: string; items: FaqItem[] };
  cta: { title: string; text: string; button: string; secondary: string };
}

const COPY: { [L in Language]: (p: QuotedPrices) => HomeCopy } = {
  en: (p) => ({
    hero: {
      eyebrow: 'AI avatars and headshots',
      title: 'Turn a few selfies into avatars and headshots in 25+ styles',
      lead: 'Upload 2 to 5 photos of yourself, pick the styles you like and get your new images in about 30 seconds. Professional, fantasy, anime, corporate or painterly: your call.',
      cta: 'Get my 2 free tokens',
      secondary: 'Watch the demo',
      note: 'Free account, no card needed. Your 2 tokens are ready as soon as you confirm your email.',
      visualLabel: 'Illustrated examples of four styles',
    },
    facts: {
      label: 'Aivatar in short',
      items: [
        { value: '25+', label: 'styles to pick from' },
        { value: '~30\u00a0s', label: 'per avatar' },
        { value: '2', label: 'free tokens at signup' },
        { value: '4K', label: 'headshot files' },
        { value: '0', label: 'watermarks on paid downloads' },
        { value: 'EN · FR', label: 'in English and French' },
      ],
    },
    audience: {
      title: 'Who it is for',
      lead: 'One set of selfies, a picture for every part of your life.',
      cards: [
        {
          icon: 'briefcase',
          title: 'Professionals',
          text: "A sharp headshot for your CV, your professional network profile or your company's team page, without booking a photographer.",
        },
        {
          icon: 'sparkles',
          title: 'Content creators',
          text: 'Profile pictures that stand out in a crowded feed, in a look you can change whenever your content does.',
        },
        {
          icon: 'gamepad',
          title: 'Everyday users',
          text: 'Gaming, chat, forums or just for fun: see yourself as a fantasy hero, an anime character or an oil painting.',
        },
      ],
    },
    steps: {
      eyebrow: 'How it works',
      title: 'Three steps, about a minute',
      lead: 'No studio, no software to install: everything happens in your browser.',
      items: [
        {
          icon: 'upload',
          title: 'Upload 2 to 5 selfies',
          text: 'Clear photos of your face in good light. You agree first that our AI provider processes them, and you can delete them at any time.',
        },
        {
          icon: 'palette',
          title: 'Pick your styles',
          text: 'Choose from 25+ styles, from corporate headshots to fantasy portraits. Each style costs tokens.',
        },
        {
          icon: 'download',
          title: 'Download your avatars',
          text: 'Your images are ready in about 30 seconds, in your gallery. Paid downloads come without watermarks.',
        },
      ],
    },
    demo: {
      title: 'See it in action',
      lead: 'A 59-second screen recording of Aivatar, straight from the app.',
      caption: 'Demo video, 59 seconds, no sound.',
      fallback: 'Download the demo video (MP4)',
    },
    styles: {
      title: 'Styles to choose from',
      lead: 'Eight of the 25+ styles. New styles are added every week.',
      names: {
        fantasy: 'Fantasy',
        professional: 'Professional',
        anime: 'Anime',
        corporate: 'Corporate',
        painterly: 'Painterly',
        cyberpunk: 'Cyberpunk',
        watercolor: 'Watercolour',
        comic: 'Comic',
      },
      note: "Illustrations of each style's mood, drawn with open-licensed avatar sets (credits at the bottom of the page). Your avatars are generated from your own photos.",
    },
    benefits: {
      title: 'Why Aivatar',
      lead: 'Everything you need to use your new pictures anywhere.',
      cards: [
        {
          icon: 'license',
          title: 'Full commercial rights',
          text: 'Use your avatars on your website, in your marketing or on your products: they come with full commercial usage rights.',
        },
        {
          icon: 'noWatermark',
          title: 'No watermarks',
          text: 'Paid downloads are clean, full-resolution files, with no watermark anywhere.',
        },
        {
          icon: 'trash',
          title: 'Your photos, your call',
          text: 'Delete your uploaded photos from your dashboard at any time.',
        },
        {
          icon: 'refresh',
          title: 'New styles every week',
          text: 'The catalogue keeps growing, so there is always a new look to try.',
        },
        {
          icon: 'clock',
          title: 'Ready in about 30 seconds',
          text: 'No appointment and no waiting for retouching: pick a style and your avatar is ready in about half a minute.',
        },
        {
          icon: 'resolution',
          title: '4K headshots',
          text: 'High-resolution headshots that stay sharp in print, plus a 400×400\u00a0px export for your professional network profile.',
        },
      ],
    },
    pricing: {
      title: 'Simple pricing',
      lead: 'Tokens are the currency: each style you generate costs tokens. Buy a pack once or get fresh tokens every month.',
    },
    whatIs: {
      title: 'What is an AI avatar?',
      paragraphs: [
        'An AI avatar is a picture of you created by an image model from a handful of your own photos. The model picks up what makes your face yours, then draws you again in the style you choose: a studio headshot with soft light, a knight in armour, an anime character or an oil portrait.',
        'Unlike a filter, which retouches one existing photo, an avatar is a brand-new image: new clothes, new background, new lighting, and still recognisably you. That is why a few different selfies work better than one.',
        'With Aivatar you stay in control: you choose which photos to upload, you can delete them at any time, and the avatars you download are yours to use.',
      ],
      asideTitle: 'What you need',
      aside: [
        '2 to 5 selfies of your face',
        'About 30 seconds per avatar',
        'Tokens: 2 free ones to start',
        'A browser: nothing to install',
      ],
    },
    faq: {
      title: 'Frequently asked questions',
      lead: 'Still wondering? Here are the answers people look for first.',
      items: [
        {
          question: 'Is Aivatar free?',
          answer: `You can start for free: every new account gets 2 free tokens, enough to try your first styles. After that, you buy a token pack (from ${p.first.price} for ${p.first.tokens} tokens) or subscribe to ${p.monthly.tokens} tokens a month for ${p.monthly.price}.`,
        },
        {
          question: 'What photos should I upload?',
          answer:
            'Upload 2 to 5 recent selfies where your face is clearly visible: good light, no sunglasses, nobody else in the frame, and a few different angles. A third-party AI provider processes them, which you agree to before uploading, and you can delete them at any time.',
        },
        {
          question: 'Can I use my avatars commercially?',
          answer:
            'Yes. The avatars you create come with full commercial usage rights, so you can use them on your website, your social profiles, your marketing material or your products. Our Terms of Service set out the conditions of use.',
        },
        {
          question: 'How long does it take?',
          answer:
            'About 30 seconds per avatar once your photos are uploaded. You do not have to wait on the page: finished avatars appear in your gallery.',
        },
        {
          question: 'Which styles can I choose from?',
          answer:
            'More than 25 styles across fantasy, professional, anime, corporate and painterly looks, and new styles are added every week. You can pick several styles at once.',
        },
      ],
    },
    cta: {
      title: 'Ready to meet your new look?',
      text: 'Create your free account, upload a few selfies and try your first styles with 2 free tokens.',
      button: 'Get my 2 free tokens',
      secondary: 'Professional headshots',
    },
  }),
  fr: (p) => ({
    hero: {
      eyebrow: 'Avatars et portraits par IA',
      title: 'Quelques selfies suffisent pour des avatars et des portraits dans plus de 25 styles',
      lead: 'Importez 2 à 5 photos de vous, choisissez vos styles préférés et découvrez vos nouvelles images en 30 secondes environ. Professionnel, fantasy, anime, corporate ou peinture\u00a0: à vous de choisir.',
      cta: 'Recevoir mes 2 jetons gratuits',
      secondary: 'Voir la démo',
      note: 'Compte gratuit, sans carte bancaire. Vos 2 jetons sont disponibles dès que vous confirmez votre e-mail.',
      visualLabel: 'Exemples illustrés de quatre styles',
    },
    facts: {
      label: 'Aivatar en bref',
      items: [
        { value: '25+', label: 'styles au choix' },
        { value: '~30\u00a0s', label: 'par avatar' },
        { value: '2', label: "jetons offerts à l'inscription" },
        { value: '4K', label: 'pour les portraits' },
        { value: '0', label: 'filigrane sur les téléchargements payants' },
        { value: 'FR · EN', label: 'en français et en anglais' },
      ],
    },
    audience: {
      title: 'Pour qui\u00a0?',
      lead: 'Une seule série de selfies, une image pour chaque facette de votre vie.',
      cards: [
        {
          icon: 'briefcase',
          title: 'Les professionnels',
          text: 'Une photo soignée pour votre CV, votre profil sur les réseaux professionnels ou la page équipe de votre entreprise, sans passer par un photographe.',
        },
        {
          icon: 'sparkles',
          title: 'Les créateurs de contenu',
          text: "Une photo de profil qui se remarque dans le fil d'actualité, et qui change de style aussi souvent que vos contenus.",
        },
        {
          icon: 'gamepad',
          title: 'Tout le monde',
          text: "Jeux vidéo, messageries, forums ou simple plaisir\u00a0: voyez-vous en héros de fantasy, en personnage d'anime ou en portrait à l'huile.",
        },
      ],
    },
    steps: {
      eyebrow: 'Comment ça marche',
      title: 'Trois étapes, une minute environ',
      lead: 'Pas de studio, rien à installer\u00a0: tout se passe dans votre navigateur.',
      items: [
        {
          icon: 'upload',
          title: 'Importez 2 à 5 selfies',
          text: "Des photos nettes de votre visage, bien éclairées. Vous acceptez d'abord leur traitement par notre prestataire d'IA, et vous pouvez les supprimer à tout moment.",
        },
        {
          icon: 'palette',
          title: 'Choisissez vos styles',
          text: 'Plus de 25 styles, du portrait corporate au portrait fantasy. Chaque style coûte des jetons.',
        },
        {
          icon: 'download',
          title: 'Téléchargez vos avatars',
          text: 'Vos images sont prêtes en 30 secondes environ, dans votre galerie. Les téléchargements payants sont sans filigrane.',
        },
      ],
    },
    demo: {
      title: 'Aivatar en action',
      lead: "Une capture d'écran vidéo de 59 secondes, tournée directement dans l'application.",
      caption: 'Vidéo de démonstration, 59 secondes, sans son.',
      fallback: 'Télécharger la vidéo de démonstration (MP4)',
    },
    styles: {
      title: 'Des styles pour toutes les envies',
      lead: 'Huit des plus de 25 styles. De nouveaux styles arrivent chaque semaine.',
      names: {
        fantasy: 'Fantasy',
        professional: 'Professionnel',
        anime: 'Anime',
        corporate: 'Corporate',
        painterly: 'Peinture',
        cyberpunk: 'Cyberpunk',
        watercolor: 'Aquarelle',
        comic: 'Bande dessinée',
      },
      note: "Des illustrations de l'ambiance de chaque style, dessinées avec des jeux d'avatars sous licence libre (crédits en bas de page). Vos avatars sont créés à partir de vos propres photos.",
    },
    benefits: {
      title: 'Pourquoi Aivatar',
      lead: "Tout ce qu'il faut pour utiliser vos nouvelles images partout.",
      cards: [
        {
          icon: 'license',
          title: 'Droits commerciaux complets',
          text: "Utilisez vos avatars sur votre site, dans votre communication ou sur vos produits\u00a0: ils sont livrés avec des droits d'utilisation commerciale complets.",
        },
        {
          icon: 'noWatermark',
          title: 'Sans filigrane',
          text: 'Les téléchargements payants sont des fichiers propres, en pleine résolution, sans aucun filigrane.',
        },
        {
          icon: 'trash',
          title: 'Vos photos, votre choix',
          text: 'Supprimez les photos importées depuis votre tableau de bord, à tout moment.',
        },
        {
          icon: 'refresh',
          title: 'De nouveaux styles chaque semaine',
          text: "Le catalogue s'enrichit sans cesse\u00a0: il y a toujours un nouveau look à essayer.",
        },
        {
          icon: 'clock',
          title: 'Prêt en 30 secondes environ',
          text: "Pas de rendez-vous, pas d'attente de retouches\u00a0: choisissez un style, votre avatar est prêt en une demi-minute environ.",
        },
        {
          icon: 'resolution',
          title: 'Portraits en 4K',
          text: "Des portraits haute résolution qui restent nets à l'impression, et un export en 400\u00a0×\u00a0400\u00a0px pour votre profil sur les réseaux professionnels.",
        },
      ],
    },
    pricing: {
      title: 'Des tarifs simples',
      lead: 'Les jetons servent de monnaie\u00a0: chaque style généré coûte des jetons. Achetez un pack une fois pour toutes, ou recevez de nouveaux jetons chaque mois.',
    },
    whatIs: {
      title: "Qu'est-ce qu'un avatar IA\u00a0?",
      paragraphs: [
        "Un avatar IA est une image de vous créée par un modèle d'intelligence artificielle à partir de quelques-unes de vos photos. Le modèle saisit ce qui rend votre visage unique, puis vous redessine dans le style choisi\u00a0: portrait studio en lumière douce, chevalier en armure, personnage d'anime ou portrait à l'huile.",
        "Contrairement à un filtre, qui retouche une photo existante, un avatar est une image entièrement nouvelle\u00a0: autres vêtements, autre décor, autre lumière, et pourtant c'est bien vous. C'est pourquoi plusieurs selfies variés donnent de meilleurs résultats qu'un seul.",
        'Avec Aivatar, vous gardez la main\u00a0: vous choisissez les photos que vous importez, vous pouvez les supprimer à tout moment, et les avatars que vous téléchargez sont à vous.',
      ],
      asideTitle: "Ce qu'il vous faut",
      aside: [
        '2 à 5 selfies de votre visage',
        '30 secondes environ par avatar',
        'Des jetons\u00a0: 2 offerts pour commencer',
        'Un navigateur\u00a0: rien à installer',
      ],
    },
    faq: {
      title: 'Questions fréquentes',
      lead: "Encore un doute\u00a0? Voici les réponses aux questions qu'on nous pose le plus.",
      items: [
        {
          question: 'Aivatar est-il gratuit\u00a0?',
          answer: `Vous pouvez commencer gratuitement\u00a0: chaque nouveau compte reçoit 2 jetons offerts, de quoi essayer vos premiers styles. Ensuite, vous achetez un pack de jetons (à partir de ${p.first.price} les ${p.first.tokens} jetons) ou vous vous abonnez pour ${p.monthly.tokens} jetons par mois à ${p.monthly.price}.`,
        },
        {
          question: 'Quelles photos dois-je importer\u00a0?',
          answer:
            "Importez 2 à 5 selfies récents où votre visage est bien visible\u00a0: bonne lumière, pas de lunettes de soleil, personne d'autre dans le cadre, et quelques angles différents. Elles sont traitées par un prestataire d'IA tiers, ce que vous acceptez avant l'import, et vous pouvez les supprimer à tout moment.",
        },
        {
          question: 'Puis-je utiliser mes avatars à des fins commerciales\u00a0?',
          answer:
            "Oui. Les avatars que vous créez sont livrés avec des droits d'utilisation commerciale complets\u00a0: vous pouvez les utiliser sur votre site, vos réseaux sociaux, vos supports marketing ou vos produits. Nos conditions d'utilisation précisent les modalités d'usage.",
        },
        {
          question: 'Combien de temps faut-il\u00a0?',
          answer:
            'Environ 30 secondes par avatar une fois vos photos importées. Inutile de rester sur la page\u00a0: les avatars terminés apparaissent dans votre galerie.',
        },
        {
          question: 'Quels styles puis-je choisir\u00a0?',
          answer:
            'Plus de 25 styles, entre fantasy, professionnel, anime, corporate et peinture, et de nouveaux styles arrivent chaque semaine. Vous pouvez en choisir plusieurs à la fois.',
        },
      ],
    },
    cta: {
      title: 'Prêt à découvrir votre nouveau look\u00a0?',
      text: 'Créez votre compte gratuit, importez quelques selfies et essayez vos premiers styles avec 2 jetons offerts.',
      button: 'Recevoir mes 2 jetons gratuits',
      secondary: 'Portraits professionnels',
    },
  }),
};

export const homeCopy = (lang: Language): HomeCopy => COPY[lang](quotedPrices(lang));
