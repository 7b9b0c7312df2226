// "Your avatars are ready": sent once when a batch finishes, in the user's language, with a link to the
// gallery. The account page turns it off (batch_email).

import type { OutgoingEmail } from '#platform/domain/ports.ts';
import type { Language } from '#shared/api-schemas.ts';
import { escapeHtml } from '#shared/html.ts';

const copy = {
  en: {
    subject: (n: number) => (n > 1 ? 'Your avatars are ready' : 'Your avatar is ready'),
    body: (done: number, failed: number) =>
      `${done} new avatar${done > 1 ? 's are' : ' is'} waiting in your gallery.` +
      (failed ? ` ${failed} could not be made; ${failed > 1 ? 'their' : 'its'} tokens were refunded.` : ''),
    button: 'Open my gallery',
    optOut: 'You can turn these emails off on your account page.',
  },
  fr: {
    subject: (n: number) => (n > 1 ? 'Vos avatars sont prêts' : 'Votre avatar est prêt'),
    body: (done: number, failed: number) =>
      `${done} nouvel${done > 1 ? 's' : ''} avatar${done > 1 ? 's vous attendent' : ' vous attend'} dans votre galerie.` +
      (failed ? ` ${failed} n'a pas pu être créé : les jetons correspondants vous ont été rendus.` : ''),
    button: 'Ouvrir ma galerie',
    optOut: 'Vous pouvez désactiver ces e-mails depuis la page de votre compte.',
  },
} as const;

export const galleryLink = (webUrl: string, lang: Language): string =>
  `${webUrl.replace(/\/$/, '')}${lang === 'fr' ? '/fr' : ''}/app/gallery`;

export function batchFinishedEmail(
  to: string,
  lang: Language,
  webUrl: string,
  counts: { done: number; failed: number },
): OutgoingEmail {
  const c = copy[lang];
  const link = galleryLink(webUrl, lang);
  const subject = c.subject(counts.done);
  const body = c.body(counts.done, counts.failed);
  const text = [subject, '', body, '', link, '', c.optOut].join('\n');
  const url = escapeHtml(link);
  const html = `<!doctype html><html lang="${lang}"><body style="margin:0;background:#f5f3ff;font-family:Helvetica,Arial,sans-serif;color:#1e1b4b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:16px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:22px;font-weight:700;padding-bottom:16px">${escapeHtml(subject)}</td></tr>
<tr><td style="font-size:16px;line-height:24px;padding-bottom:24px">${escapeHtml(body)}</td></tr>
<tr><td style="padding-bottom:24px"><a href="${url}" style="display:inline-block;background:#6d28d9;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:999px">${escapeHtml(c.button)}</a></td></tr>
<tr><td style="font-size:12px;line-height:18px;color:#6b7280">${escapeHtml(c.optOut)}</td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject, text, html };
}
