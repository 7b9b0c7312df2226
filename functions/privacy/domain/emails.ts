// The privacy emails (account deletion link, deletion done, export ready), in the account's language.

import type { OutgoingEmail } from '#platform/domain/ports.ts';
import type { Language } from '#shared/api-schemas.ts';
import { escapeHtml } from '#shared/html.ts';

const copy = {
  en: {
    deletionLink: {
      subject: 'Confirm the deletion of your Aivatar account',
      heading: 'Delete your Aivatar account?',
      body: 'You asked to delete your Aivatar account. Open the link below and confirm: your photos, avatars, tokens and history will be deleted for good.',
      button: 'Confirm the deletion',
      note: "This link expires in 30 minutes. If you didn't ask for this, ignore this email: your account stays as it is.",
    },
    deleted: {
      subject: 'Your Aivatar account has been deleted',
      heading: 'Your account has been deleted',
      body: 'As you asked, your Aivatar account has been deleted, with your photos, avatars, tokens, history and consents. Any subscription has been cancelled and your payment details removed from our payment provider.',
      note: 'Thank you for having used Aivatar. You can create a new account at any time.',
    },
    exportReady: {
      subject: 'Your Aivatar data export is ready',
      heading: 'Your data export is ready',
      body: 'The ZIP file holds your account details, token history, consents, photos and avatars. Open your account page to download it.',
      button: 'Download my data',
      note: 'The file stays available for 7 days. Sign in if you are asked to.',
    },
    fallback: 'If the button does not work, copy this address into your browser:',
  },
  fr: {
    deletionLink: {
      subject: 'Confirmez la suppression de votre compte Aivatar',
      heading: 'Supprimer votre compte Aivatar ?',
      body: 'Vous avez demandé la suppression de votre compte Aivatar. Ouvrez le lien ci-dessous et confirmez : vos photos, avatars, jetons et historique seront définitivement supprimés.',
      button: 'Confirmer la suppression',
      note: "Ce lien expire dans 30 minutes. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre compte reste inchangé.",
    },
    deleted: {
      subject: 'Votre compte Aivatar a été supprimé',
      heading: 'Votre compte a été supprimé',
      body: "Comme vous l'avez demandé, votre compte Aivatar a été supprimé, avec vos photos, avatars, jetons, historique et consentements. Tout abonnement a été résilié et vos données de paiement supprimées chez notre prestataire de paiement.",
      note: "Merci d'avoir utilisé Aivatar. Vous pouvez créer un nouveau compte à tout moment.",
    },
    exportReady: {
      subject: 'Votre export de données Aivatar est prêt',
      heading: 'Votre export de données est prêt',
      body: "Le fichier ZIP contient les informations de votre compte, l'historique de vos jetons, vos consentements, vos photos et vos avatars. Ouvrez la page de votre compte pour le télécharger.",
      button: 'Télécharger mes données',
      note: 'Le fichier reste disponible 7 jours. Connectez-vous si cela vous est demandé.',
    },
    fallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
  },
} as const;

type Kind = 'deletionLink' | 'deleted' | 'exportReady';

export function privacyEmail(to: string, lang: Language, kind: Kind, link?: string): OutgoingEmail {
  const c = copy[lang];
  const k = c[kind];
  const button = 'button' in k && link ? k.button : null;
  const text = [k.heading, '', k.body, '', ...(link ? [link, ''] : []), k.note].join('\n');
  const url = link ? escapeHtml(link) : '';
  const html = `<!doctype html><html lang="${lang}"><body style="margin:0;background:#f5f3ff;font-family:Helvetica,Arial,sans-serif;color:#1e1b4b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:16px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:22px;font-weight:700;padding-bottom:16px">${escapeHtml(k.heading)}</td></tr>
<tr><td style="font-size:16px;line-height:24px;padding-bottom:24px">${escapeHtml(k.body)}</td></tr>
${button ? `<tr><td style="padding-bottom:24px"><a href="${url}" style="display:inline-block;background:#6d28d9;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:999px">${escapeHtml(button)}</a></td></tr>` : ''}
<tr><td style="font-size:13px;line-height:20px;color:#4b5563">${escapeHtml(k.note)}</td></tr>
${link ? `<tr><td style="font-size:12px;line-height:18px;color:#6b7280;padding-top:16px;word-break:break-all">${escapeHtml(c.fallback)}<br><a href="${url}" style="color:#6d28d9">${url}</a></td></tr>` : ''}
</table></td></tr></table></body></html>`;
  return { to, subject: k.subject, text, html };
}
