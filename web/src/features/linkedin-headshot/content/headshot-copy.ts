// The professional headshot page's copy (spec sections 1, 2 and 9), in English and in French. Prerendered
// only: import it inside `import.meta.env.SSR &&` code, so none of it ships in the JavaScript.

import type { Card, FaqItem } from '../../../components/marketing/content/marketing-blocks.tsx';
import { type QuotedPrices, quotedPrices } from '../../../components/marketing/content/pricing-overview.tsx';
import type { Language } from '../../../lib/language.ts';

export interface HeadshotCopy {
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
  problem: {
    title: string;
    lead: string;
    painTitle: string;
    pains: string[];
    promiseTitle: string;
    promises: string[];
  };
  beforeAfter: {
    title: string;
    lead: string;
    before: string;
    beforeAlt: string;
    after: string;
    afterAlt: string;
    caption: string;
  };
  gallery: { title: string; lead: string; names: Record<string, string>; note: string };
  features: { title: string; lead: string; cards: Card[] };
  guidance: {
    title: string;
    lead: string;
    doTitle: string;
    dos: string[];
    dontTitle: string;
    donts: string[];
  };
  example: { title: string; tag: string; text: string; outcome: string[] };
  pricing: { title: string; lead: string };
  faq: { title: string; lead: string; items: FaqItem[] };
  cta: { title: string; text: string; button: string; secondary: string };
}

const COPY: { [L in Language]: (p: QuotedPrices) => HeadshotCopy } = {
  en: (p) => ({
    hero: {
      eyebrow: 'Professional headshots',
      title: 'Professional headshots for LinkedIn and your CV, without the photo shoot',
      lead: 'Upload 3 to 5 selfies, pick a studio, office or outdoor look and get 4K headshots in about 30 seconds, with a 400×400\u00a0px export ready for your professional network profile.',
      cta: 'Create my headshot',
      secondary: 'See before and after',
      note: '2 free tokens when you sign up, no card needed.',
      visualLabel: 'Illustrated examples of four headshot styles',
    },
    facts: {
      label: 'Headshots in short',
      items: [
        { value: '3–5', label: 'selfies are enough' },
        { value: '~30\u00a0s', label: 'per headshot' },
        { value: '4K', label: 'high-resolution files' },
        { value: '400×400', label: 'px export for your profile' },
        { value: '2', label: 'free tokens at signup' },
        { value: '0', label: 'watermarks on paid downloads' },
      ],
    },
    problem: {
      title: 'Your profile photo is your first handshake',
      lead: 'Recruiters, clients and colleagues see it before they read a word. Getting a good one is usually a chore.',
      painTitle: 'The usual way',
      pains: [
        'Booking a photographer and finding a free half-day',
        'Cropping an old holiday photo that never quite looks professional',
        'A different picture on every profile, none of them recent',
      ],
      promiseTitle: 'With Aivatar',
      promises: [
        'A polished, consistent headshot from a few selfies taken at home',
        'Results in about 30 seconds, in as many styles as you like',
        'A 4K file for print and a 400×400\u00a0px version for your profile',
      ],
    },
    beforeAfter: {
      title: 'From selfie to headshot',
      lead: 'The idea in one picture: an everyday selfie in, a clean studio headshot out.',
      before: 'Before',
      beforeAlt: 'Illustration: a casual selfie in flat grey light',
      after: 'After',
      afterAlt: 'Illustration: the same person as a bright, colourful studio headshot',
      caption:
        "Illustration of the idea, drawn with an open-licensed avatar set: not a real customer's photo or a generated result.",
    },
    gallery: {
      title: 'Headshot styles for every workplace',
      lead: 'Eight of our professional looks. New styles are added every week.',
      names: {
        studio: 'Studio',
        office: 'Office',
        outdoor: 'Outdoors',
        executive: 'Executive',
        creative: 'Creative',
        startup: 'Start-up',
        academic: 'Academic',
        medical: 'Medical',
      },
      note: "Illustrations of each style's mood, drawn with open-licensed avatar sets (credits at the bottom of the page). Your headshots are generated from your own photos.",
    },
    features: {
      title: 'Everything a professional headshot needs',
      lead: 'Made for profiles, CVs, team pages and speaker bios.',
      cards: [
        {
          icon: 'resolution',
          title: '4K headshots',
          text: 'High-resolution files that stay sharp on a CV, a website or in print.',
        },
        {
          icon: 'crop',
          title: '400×400\u00a0px export',
          text: "A preset sized for your professional network's profile picture: download it and upload it as it is.",
        },
        {
          icon: 'clock',
          title: 'Ready in about 30 seconds',
          text: 'No appointment and no waiting days for retouched photos.',
        },
        {
          icon: 'license',
          title: 'Full commercial rights',
          text: 'Use your headshot on your company website, in a press kit or on a conference badge.',
        },
        {
          icon: 'noWatermark',
          title: 'No watermarks',
          text: 'Paid downloads are clean, full-resolution files.',
        },
        {
          icon: 'trash',
          title: 'Your photos stay yours',
          text: 'Delete your uploaded photos from your dashboard whenever you like.',
        },
      ],
    },
    guidance: {
      title: 'How to get the best headshots',
      lead: 'Better selfies make better headshots. Upload 3 to 5 photos that follow these tips.',
      doTitle: 'Do',
      dos: [
        'Upload 3 to 5 recent photos of yourself',
        'Face the camera, in soft and even light',
        'Vary the angles, clothes and backgrounds',
        'Keep your face sharp and fully visible',
      ],
      dontTitle: 'Avoid',
      donts: [
        'Sunglasses, hats or hands in front of your face',
        'Group photos or other people in the frame',
        'Heavy filters, strong make-up effects or blurry shots',
      ],
    },
    example: {
      title: 'What it looks like in practice',
      tag: 'Illustrative example, not a customer review',
      text: 'A project manager is updating her profile before a job search. On a Sunday evening she takes four selfies by a window, uploads them and picks the Studio and Office styles. A minute later she has a 4K headshot for her CV and a 400×400\u00a0px version for her profile, and she deletes her selfies from the dashboard.',
      outcome: ['4 selfies by a window', '2 styles picked', 'About a minute, start to finish'],
    },
    pricing: {
      title: 'Pricing',
      lead: 'Tokens are the currency: each headshot style costs tokens. Buy a pack once or get fresh tokens every month.',
    },
    faq: {
      title: 'Headshot questions',
      lead: 'What people ask before creating their professional headshot.',
      items: [
        {
          question: 'What are the photo guidelines?',
          answer:
            'Upload 3 to 5 recent photos of yourself: face clearly visible and sharp, soft light, no sunglasses or hats, nobody else in the frame, and a mix of angles and backgrounds. The better your selfies, the better your headshots.',
        },
        {
          question: 'Will my headshots have a watermark?',
          answer:
            'No. Headshots you download with purchased tokens are watermark-free and in full resolution, ready for your profile, your CV or print.',
        },
        {
          question: 'Do my credits expire?',
          answer:
            'One-time credits expire 12 months after purchase, so plan to use them within the year. Tokens from the monthly subscription expire at the end of each month.',
        },
        {
          question: 'Can I try it for free?',
          answer:
            'Yes. Every new account gets 2 free tokens, enough to try a headshot style before you buy anything. No card is needed to sign up.',
        },
        {
          question: 'Is an AI headshot better than a photo shoot?',
          answer: `It is faster and cheaper: no appointment, no travel, results in about 30 seconds from ${p.first.price}. A photographer still gives you more control over posing and lighting, but for a profile picture that looks professional and consistent everywhere, an AI headshot is usually all you need.`,
        },
      ],
    },
    cta: {
      title: 'Your next profile picture is 30 seconds away',
      text: 'Sign up, upload 3 to 5 selfies and try your first headshot style with 2 free tokens.',
      button: 'Create my headshot',
      secondary: 'Explore all avatar styles',
    },
  }),
  fr: (p) => ({
    hero: {
      eyebrow: 'Portraits professionnels',
      title: 'Des portraits professionnels pour LinkedIn et votre CV, sans séance photo',
      lead: 'Importez 3 à 5 selfies, choisissez un style studio, bureau ou extérieur et recevez des portraits en 4K en 30 secondes environ, avec un export en 400\u00a0×\u00a0400\u00a0px prêt pour votre profil professionnel.',
      cta: 'Créer mon portrait',
      secondary: "Voir l'avant-après",
      note: "2 jetons offerts à l'inscription, sans carte bancaire.",
      visualLabel: 'Exemples illustrés de quatre styles de portrait',
    },
    facts: {
      label: 'Les portraits en bref',
      items: [
        { value: '3 à 5', label: 'selfies suffisent' },
        { value: '~30\u00a0s', label: 'par portrait' },
        { value: '4K', label: 'fichiers haute résolution' },
        { value: '400\u00a0×\u00a0400', label: 'px pour votre profil' },
        { value: '2', label: "jetons offerts à l'inscription" },
        { value: '0', label: 'filigrane sur les téléchargements payants' },
      ],
    },
    problem: {
      title: "Votre photo de profil, c'est votre première poignée de main",
      lead: 'Recruteurs, clients et collègues la voient avant de lire la moindre ligne. Et en obtenir une bonne est souvent une corvée.',
      painTitle: "D'habitude",
      pains: [
        'Réserver un photographe et trouver une demi-journée de libre',
        'Recadrer une vieille photo de vacances qui ne fait jamais vraiment pro',
        "Une photo différente sur chaque profil, et aucune n'est récente",
      ],
      promiseTitle: 'Avec Aivatar',
      promises: [
        'Un portrait soigné et cohérent à partir de quelques selfies pris chez vous',
        'Des résultats en 30 secondes environ, dans autant de styles que vous voulez',
        "Un fichier 4K pour l'impression et une version 400\u00a0×\u00a0400\u00a0px pour votre profil",
      ],
    },
    beforeAfter: {
      title: 'Du selfie au portrait',
      lead: "L'idée en une image\u00a0: un selfie ordinaire au départ, un portrait studio net à l'arrivée.",
      before: 'Avant',
      beforeAlt: 'Illustration\u00a0: un selfie ordinaire, dans une lumière grise et terne',
      after: 'Après',
      afterAlt: 'Illustration\u00a0: la même personne en portrait studio lumineux et coloré',
      caption:
        "Illustration de l'idée, dessinée avec un jeu d'avatars sous licence libre\u00a0: ni la photo d'un vrai client, ni un résultat généré.",
    },
    gallery: {
      title: 'Un style de portrait pour chaque métier',
      lead: 'Huit de nos looks professionnels. De nouveaux styles arrivent chaque semaine.',
      names: {
        studio: 'Studio',
        office: 'Bureau',
        outdoor: 'Extérieur',
        executive: 'Dirigeant',
        creative: 'Créatif',
        startup: 'Start-up',
        academic: 'Universitaire',
        medical: 'Médical',
      },
      note: "Des illustrations de l'ambiance de chaque style, dessinées avec des jeux d'avatars sous licence libre (crédits en bas de page). Vos portraits sont créés à partir de vos propres photos.",
    },
    features: {
      title: "Tout ce qu'un portrait professionnel exige",
      lead: "Pensé pour les profils, les CV, les pages équipe et les biographies d'intervenants.",
      cards: [
        {
          icon: 'resolution',
          title: 'Portraits en 4K',
          text: "Des fichiers haute résolution qui restent nets sur un CV, un site web ou à l'impression.",
        },
        {
          icon: 'crop',
          title: 'Export en 400\u00a0×\u00a0400\u00a0px',
          text: 'Un format prêt pour la photo de profil de votre réseau professionnel\u00a0: téléchargez-le et publiez-le tel quel.',
        },
        {
          icon: 'clock',
          title: 'Prêt en 30 secondes environ',
          text: "Pas de rendez-vous, pas de plusieurs jours d'attente pour des photos retouchées.",
        },
        {
          icon: 'license',
          title: 'Droits commerciaux complets',
          text: 'Utilisez votre portrait sur le site de votre entreprise, dans un dossier de presse ou sur un badge de conférence.',
        },
        {
          icon: 'noWatermark',
          title: 'Sans filigrane',
          text: 'Les téléchargements payants sont des fichiers propres, en pleine résolution.',
        },
        {
          icon: 'trash',
          title: 'Vos photos restent à vous',
          text: 'Supprimez les photos importées depuis votre tableau de bord quand vous le souhaitez.',
        },
      ],
    },
    guidance: {
      title: 'Pour des portraits réussis',
      lead: 'De bons selfies font de bons portraits. Importez 3 à 5 photos en suivant ces conseils.',
      doTitle: 'À faire',
      dos: [
        'Importez 3 à 5 photos récentes de vous',
        "Regardez l'objectif, sous une lumière douce et homogène",
        'Variez les angles, les tenues et les arrière-plans',
        'Gardez votre visage net et bien visible',
      ],
      dontTitle: 'À éviter',
      donts: [
        'Lunettes de soleil, chapeau ou mains devant le visage',
        "Photos de groupe ou d'autres personnes dans le cadre",
        'Filtres marqués, effets de maquillage ou photos floues',
      ],
    },
    example: {
      title: 'Concrètement, ça donne quoi\u00a0?',
      tag: 'Exemple illustratif, pas un avis client',
      text: "Une cheffe de projet met à jour son profil avant de chercher un nouveau poste. Un dimanche soir, elle prend quatre selfies près d'une fenêtre, les importe et choisit les styles Studio et Bureau. Une minute plus tard, elle a un portrait 4K pour son CV et une version 400\u00a0×\u00a0400\u00a0px pour son profil, puis elle supprime ses selfies depuis son tableau de bord.",
      outcome: ["4 selfies près d'une fenêtre", '2 styles choisis', 'Une minute environ, du début à la fin'],
    },
    pricing: {
      title: 'Tarifs',
      lead: 'Les jetons servent de monnaie\u00a0: chaque style de portrait coûte des jetons. Achetez un pack une fois pour toutes, ou recevez de nouveaux jetons chaque mois.',
    },
    faq: {
      title: 'Questions sur les portraits',
      lead: "Ce qu'on nous demande avant de créer son portrait professionnel.",
      items: [
        {
          question: 'Quelles photos faut-il importer\u00a0?',
          answer:
            "Importez 3 à 5 photos récentes de vous\u00a0: visage bien visible et net, lumière douce, sans lunettes de soleil ni chapeau, personne d'autre dans le cadre, avec des angles et des arrière-plans variés. Plus vos selfies sont bons, meilleurs sont vos portraits.",
        },
        {
          question: 'Mes portraits auront-ils un filigrane\u00a0?',
          answer:
            "Non. Les portraits téléchargés avec des jetons achetés sont sans filigrane et en pleine résolution, prêts pour votre profil, votre CV ou l'impression.",
        },
        {
          question: 'Mes crédits expirent-ils\u00a0?',
          answer:
            "Les crédits achetés à l'unité expirent 12 mois après l'achat\u00a0: prévoyez de les utiliser dans l'année. Les jetons de l'abonnement mensuel expirent à la fin de chaque mois.",
        },
        {
          question: 'Puis-je essayer gratuitement\u00a0?',
          answer:
            "Oui. Chaque nouveau compte reçoit 2 jetons offerts, de quoi essayer un style de portrait avant tout achat. Aucune carte bancaire n'est demandée à l'inscription.",
        },
        {
          question: "Un portrait IA vaut-il mieux qu'une séance photo\u00a0?",
          answer: `C'est plus rapide et moins cher\u00a0: pas de rendez-vous, pas de déplacement, des résultats en 30 secondes environ à partir de ${p.first.price}. Un photographe vous laisse plus de contrôle sur la pose et la lumière, mais pour une photo de profil professionnelle et cohérente partout, un portrait IA suffit le plus souvent.`,
        },
      ],
    },
    cta: {
      title: 'Votre prochaine photo de profil est à 30 secondes',
      text: 'Inscrivez-vous, importez 3 à 5 selfies et essayez votre premier style de portrait avec 2 jetons offerts.',
      button: 'Créer mon portrait',
      secondary: "Découvrir tous les styles d'avatar",
    },
  }),
};

export const headshotCopy = (lang: Language): HeadshotCopy => COPY[lang](quotedPrices(lang));
