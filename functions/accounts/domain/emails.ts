// The account emails, in the language the user used. HTML with a plain-text part.

import { noticeEmail } from '#platform/domain/email-layout.ts';
import type { OutgoingEmail } from '#platform/domain/ports.ts';
import type { Language } from '#shared/api-schemas.ts';
import { escapeHtml } from '#shared/html.ts';

export type LinkEmailKind = 'activation' | 'login';

const copy = {
  en: {
    activation: {
      subject: 'Activate your Aivatar account',
      heading: 'Welcome to Aivatar',
      body: 'Confirm your email address to activate your account. Your 2 free tokens are waiting for you.',
      button: 'Activate my account',
    },
    login: {
      subject: 'Your Aivatar login link',
      heading: 'Log in to Aivatar',
      body: 'Use the button below to log in. No password needed.',
      button: 'Log me in',
    },
    expiry: 'This link works once and expires in 15 minutes.',
    ignore: "If you didn't ask for this email, you can safely ignore it.",
    fallback: 'If the button does not work, copy this address into your browser:',
  },
  fr: {
    activation: {
      subject: 'Activez votre compte Aivatar',
      heading: 'Bienvenue sur Aivatar',
      body: 'Confirmez votre adresse e-mail pour activer votre compte. Vos 2 jetons gratuits vous attendent.',
      button: 'Activer mon compte',
    },
    login: {
      subject: 'Votre lien de connexion Aivatar',
      heading: 'Connexion à Aivatar',
      body: 'Utilisez le bouton ci-dessous pour vous connecter, sans mot de passe.',
      button: 'Me connecter',
    },
    expiry: "Ce lien ne fonctionne qu'une fois et expire dans 15 minutes.",
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez simplement cet e-mail.",
    fallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
  },
} as const;

export function linkEmail(to: string, lang: Language, kind: LinkEmailKind, link: string): OutgoingEmail {
  const c = copy[lang];
  const k = c[kind];
  const text = [k.heading, '', k.body, '', link, '', c.expiry, c.ignore].join('\n');
  const url = escapeHtml(link);
  const html = `<!doctype html><html lang="${lang}"><body style="margin:0;background:#f5f3ff;font-family:Helvetica,Arial,sans-serif;color:#1e1b4b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:16px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:22px;font-weight:700;padding-bottom:16px">${escapeHtml(k.heading)}</td></tr>
<tr><td style="font-size:16px;line-height:24px;padding-bottom:24px">${escapeHtml(k.body)}</td></tr>
<tr><td style="padding-bottom:24px"><a href="${url}" style="display:inline-block;background:#6d28d9;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:999px">${escapeHtml(k.button)}</a></td></tr>
<tr><td style="font-size:13px;line-height:20px;color:#4b5563">${escapeHtml(c.expiry)}<br>${escapeHtml(c.ignore)}</td></tr>
<tr><td style="font-size:12px;line-height:18px;color:#6b7280;padding-top:16px;word-break:break-all">${escapeHtml(c.fallback)}<br><a href="${url}" style="color:#6d28d9">${url}</a></td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject: k.subject, text, html };
}

const pausedCopy = {
  en: {
    subject: 'Password checks on your Aivatar account are paused',
    heading: 'Too many incorrect passwords',
    body: 'Someone entered an incorrect password 10 times for your Aivatar account, while logging in or while trying to change your password or delete your account. To protect you, everything that asks for your password is paused for up to 15 minutes: logging in with it, changing it and deleting your account with it. Login links sent by email, "Continue with Google" and your signed-in devices work as usual.',
    note: 'If it was you, log in with a login link now ("Send me a login link" on the login page), or try your password again once the pause is over. If it wasn\'t, someone may be guessing your password or using one of your signed-in devices: when the pause is over, change your password on your account page. That signs out every other device.',
    button: 'Open my account page',
  },
  fr: {
    subject: 'Vérification du mot de passe suspendue sur votre compte Aivatar',
    heading: 'Trop de mots de passe incorrects',
    body: "Quelqu'un a saisi 10 fois un mot de passe incorrect pour votre compte Aivatar, en se connectant ou en essayant de changer votre mot de passe ou de supprimer votre compte. Pour vous protéger, tout ce qui demande votre mot de passe est suspendu pendant 15 minutes au plus : la connexion avec celui-ci, son changement et la suppression de votre compte avec celui-ci. Les liens de connexion envoyés par e-mail, « Continuer avec Google » et vos appareils connectés fonctionnent normalement.",
    note: "Si c'était vous, connectez-vous dès maintenant avec un lien de connexion (« Recevoir un lien de connexion » sur la page de connexion), ou réessayez votre mot de passe à la fin de la suspension. Sinon, quelqu'un essaie peut-être de deviner votre mot de passe ou utilise l'un de vos appareils connectés : à la fin de la suspension, changez votre mot de passe sur la page de votre compte. Cela déconnecte tous vos autres appareils.",
    button: 'Ouvrir la page de mon compte',
  },
} as const;

/** Sent once when wrong passwords (at login or behind a session) pause the password checks of an account. */
export function passwordChecksPausedEmail(to: string, lang: Language, accountPage: string): OutgoingEmail {
  const c = pausedCopy[lang];
  const text = [c.heading, '', c.body, '', c.note, '', accountPage].join('\n');
  const url = escapeHtml(accountPage);
  const html = `<!doctype html><html lang="${lang}"><body style="margin:0;background:#f5f3ff;font-family:Helvetica,Arial,sans-serif;color:#1e1b4b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:16px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:22px;font-weight:700;padding-bottom:16px">${escapeHtml(c.heading)}</td></tr>
<tr><td style="font-size:16px;line-height:24px;padding-bottom:16px">${escapeHtml(c.body)}</td></tr>
<tr><td style="font-size:16px;line-height:24px;padding-bottom:24px">${escapeHtml(c.note)}</td></tr>
<tr><td><a href="${url}" style="display:inline-block;background:#6d28d9;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:999px">${escapeHtml(c.button)}</a></td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject: c.subject, text, html };
}

const passwordNoticeCopy = {
  en: {
    set: {
      subject: 'A password was set on your Aivatar account',
      heading: 'A password was added to your account',
      body: (email: string, when: string) =>
        `A password was set on your Aivatar account ${email} on ${when}. You can now log in with your email and this password, as well as with email links.`,
    },
    changed: {
      subject: 'Your Aivatar password was changed',
      heading: 'Your password was changed',
      body: (email: string, when: string) =>
        `The password of your Aivatar account ${email} was changed on ${when}. Your other devices have been signed out.`,
    },
    wasYou: 'If this was you, there is nothing else to do.',
    wasNot:
      "If it wasn't you, someone may be using one of your signed-in devices: ask for a login link on the login page, then change your password on your account page. That signs out every other device.",
    button: 'Open my account page',
    note: 'This is a security notice: we send it every time the password of your account changes.',
  },
  fr: {
    set: {
      subject: 'Un mot de passe a été défini sur votre compte Aivatar',
      heading: 'Un mot de passe a été ajouté à votre compte',
      body: (email: string, when: string) =>
        `Un mot de passe a été défini sur votre compte Aivatar ${email} le ${when}. Vous pouvez désormais vous connecter avec votre e-mail et ce mot de passe, ainsi qu'avec les liens envoyés par e-mail.`,
    },
    changed: {
      subject: 'Le mot de passe de votre compte Aivatar a été modifié',
      heading: 'Votre mot de passe a été modifié',
      body: (email: string, when: string) =>
        `Le mot de passe de votre compte Aivatar ${email} a été modifié le ${when}. Vos autres appareils ont été déconnectés.`,
    },
    wasYou: "Si c'était vous, vous n'avez rien d'autre à faire.",
    wasNot:
      "Si ce n'était pas vous, quelqu'un utilise peut-être l'un de vos appareils connectés : demandez un lien de connexion sur la page de connexion, puis changez votre mot de passe sur la page de votre compte. Cela déconnecte tous vos autres appareils.",
    button: 'Ouvrir la page de mon compte',
    note: 'Ceci est un avis de sécurité : nous vous l’envoyons chaque fois que le mot de passe de votre compte change.',
  },
} as const;

/** When it happened, in the email's language (UTC, said so: the email does not know the reader's zone). */
function noticeTime(at: number, lang: Language): string {
  const formatted = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at * 1000);
  return `${formatted} UTC`;
}

/** The security notice of a password set (the account had none) or changed. */
export function passwordNoticeEmail(
  to: string,
  lang: Language,
  o: { kind: 'set' | 'changed'; at: number; accountPage: string },
): OutgoingEmail {
  const c = passwordNoticeCopy[lang];
  const k = c[o.kind];
  return noticeEmail(to, {
    lang,
    subject: k.subject,
    heading: k.heading,
    paragraphs: [k.body(to, noticeTime(o.at, lang)), c.wasYou, c.wasNot],
    buttons: [{ label: c.button, url: o.accountPage }],
    note: c.note,
  });
}
