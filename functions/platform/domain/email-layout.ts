// One layout for the product's notices (receipts, payment and security notices): a heading, paragraphs,
// an optional table of facts, buttons, a note; HTML with its plain-text part, in the email's language.
import type { Language } from '#shared/api-schemas.ts';
import { escapeHtml } from '#shared/html.ts';
import type { OutgoingEmail } from './ports.ts';

interface Notice {
  lang: Language;
  subject: string;
  heading: string;
  paragraphs: string[];
  /** label and value, shown as a small table */
  facts?: [string, string][];
  /** the first is the main action */
  buttons?: { label: string; url: string }[];
  note?: string;
  /**
   * The same notice in another language, below the buttons (a team's invitation: the team's language first,
   * functions/teams/domain/team-language.ts); its own language's spacing, marked with its `lang`.
   */
  below?: { lang: Language; heading: string; paragraphs: string[] };
}

const BUTTON = {
  main: 'background:#6d28d9;color:#ffffff',
  other: 'background:#ffffff;color:#6d28d9;border:1px solid #c4b5fd',
};

/**
 * A subject is one line: no line break, control or invisible character reaches the header, whatever text
 * it was made of (a team's name: functions/teams/domain/team-emails.ts).
 */
const oneLine = (s: string): string => s.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ');

/** French puts a space before : ; ! ? that must not break from the word before it (a no-break space). */
const frenchSpaces = (s: string): string => s.replace(/ ([:;!?])/g, '\u00a0$1');

const spacingOf = (lang: Language) => (lang === 'fr' ? frenchSpaces : (s: string) => s);

export function noticeEmail(to: string, notice: Notice): OutgoingEmail {
  const t = spacingOf(notice.lang);
  const n: Notice = {
    ...notice,
    subject: oneLine(t(notice.subject)),
    heading: t(notice.heading),
    paragraphs: notice.paragraphs.map(t),
    ...(notice.facts ? { facts: notice.facts.map(([k, v]) => [t(k), t(v)] as [string, string]) } : {}),
    ...(notice.buttons ? { buttons: notice.buttons.map((b) => ({ ...b, label: t(b.label) })) } : {}),
    ...(notice.note ? { note: t(notice.note) } : {}),
  };
  const b = notice.below;
  const below = b && {
    lang: b.lang,
    heading: spacingOf(b.lang)(b.heading),
    paragraphs: b.paragraphs.map(spacingOf(b.lang)),
  };
  const buttons = n.buttons ?? [];
  // French puts a space before the colon.
  const colon = n.lang === 'fr' ? '\u00a0: ' : ': ';
  const text = [
    n.heading,
    '',
    ...n.paragraphs.flatMap((p) => [p, '']),
    ...(n.facts?.length ? [...n.facts.map(([k, v]) => `${k}${colon}${v}`), ''] : []),
    ...buttons.flatMap((b) => [`${b.label}${colon}${b.url}`, '']),
    ...(below ? ['---', '', below.heading, '', ...below.paragraphs.flatMap((p) => [p, ''])] : []),
    ...(n.note ? [n.note] : []),
  ]
    .join('\n')
    .trimEnd();
  const facts = n.facts?.length
    ? `<tr><td style="padding-bottom:24px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #ede9fe">${n.facts
        .map(
          ([k, v]) =>
            `<tr><td style="font-size:14px;color:#4b5563;padding:10px 12px 10px 0;border-bottom:1px solid #ede9fe">${escapeHtml(k)}</td><td align="right" style="font-size:15px;font-weight:600;padding:10px 0;border-bottom:1px solid #ede9fe">${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table></td></tr>`
    : '';
  const links = buttons.length
    ? `<tr><td style="padding-bottom:24px">${buttons
        .map(
          (b, i) =>
            `<a href="${escapeHtml(b.url)}" style="display:inline-block;${i === 0 ? BUTTON.main : BUTTON.other};text-decoration:none;font-weight:600;padding:12px 24px;border-radius:999px;margin:0 8px 8px 0">${escapeHtml(b.label)}</a>`,
        )
        .join('')}</td></tr>`
    : '';
  const html = `<!doctype html><html lang="${n.lang}"><body style="margin:0;background:#f5f3ff;font-family:Helvetica,Arial,sans-serif;color:#1e1b4b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:16px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:22px;font-weight:700;padding-bottom:16px">${escapeHtml(n.heading)}</td></tr>
${n.paragraphs.map((p) => `<tr><td style="font-size:16px;line-height:24px;padding-bottom:16px">${escapeHtml(p)}</td></tr>`).join('\n')}
${facts}${links}
${
  below
    ? [
        `<tr><td lang="${below.lang}" style="border-top:1px solid #ede9fe;padding:24px 0 12px;font-size:18px;font-weight:700">${escapeHtml(below.heading)}</td></tr>`,
        ...below.paragraphs.map(
          (p) =>
            `<tr><td lang="${below.lang}" style="font-size:15px;line-height:22px;color:#374151;padding-bottom:16px">${escapeHtml(p)}</td></tr>`,
        ),
      ].join('\n')
    : ''
}
${n.note ? `<tr><td style="font-size:13px;line-height:20px;color:#4b5563">${escapeHtml(n.note)}</td></tr>` : ''}
</table></td></tr></table></body></html>`;
  return { to, subject: n.subject, text, html };
}
