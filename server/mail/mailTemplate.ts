import type { Language } from '../../contract/http';
import { translate } from '../core/i18n';

/** One line of a chat a mail quotes: who wrote it, when (as the reader reads it) and its text. */
export interface QuotedLine {
  author: string;
  at: string;
  text: string;
}

/** One entry of a list of mails (a digest): its title, its words, where to open it. */
export interface MailItem {
  title: string;
  /** When it happened, as the reader reads it. */
  at?: string;
  text: string;
  link?: { label: string; url: string };
}

/** What one language's copy of a mail says; the template lays it out as HTML and as text. */
export interface MailContent {
  heading: string;
  /** Paragraphs in order; a paragraph's own line breaks are kept. */
  paragraphs: string[];
  /** Quoted after the paragraphs, oldest first (a chat's last lines). */
  quote?: QuotedLine[];
  /** Entries after the paragraphs, each with its own link (a daily digest's mails). */
  items?: MailItem[];
  /** The link the mail exists for: a button in HTML, "label: url" in text. */
  action?: { label: string; url: string };
  /** Paragraphs after the action (what to do if it was not you, …). */
  after?: string[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const BRAND = '#1565D8';
const INK = '#1f2933';
const MUTED = '#6b7280';
const FONT = "font-family:Arial,'Helvetica Neue',Helvetica,sans-serif";

/** Text made safe inside an element or a double-quoted attribute. */
export function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Only http(s) addresses become links: a value that is anything else is shown, never followed. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

const htmlLines = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

const paragraph = (text: string) => `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:${INK}">${htmlLines(text)}</p>`;

function quoteHtml(lines: QuotedLine[]) {
  const rows = lines
    .map(
      (line) =>
        `<tr><td style="padding:8px 12px;border-left:3px solid ${BRAND};background:#f3f6fb">` +
        `<p style="margin:0 0 4px;${FONT};font-size:13px;line-height:18px;color:${MUTED}"><strong style="color:${INK}">${escapeHtml(line.author)}</strong> · ${escapeHtml(line.at)}</p>` +
        `<p style="margin:0;${FONT};font-size:15px;line-height:22px;color:${INK}">${htmlLines(line.text)}</p></td></tr>` +
        '<tr><td style="height:8px;line-height:8px;font-size:8px">&nbsp;</td></tr>',
    )
    .join('');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px">${rows}</table>`;
}

function itemsHtml(items: MailItem[]) {
  return items
    .map(
      (item, index) =>
        `<div style="margin:0;padding:${index ? '16px' : '0'} 0 4px;${index ? 'border-top:1px solid #e5e7eb' : ''}">` +
        `<p style="margin:0 0 4px;${FONT};font-size:16px;line-height:22px;font-weight:bold;color:${INK}">${escapeHtml(item.title)}</p>` +
        (item.at ? `<p style="margin:0 0 8px;${FONT};font-size:13px;line-height:18px;color:${MUTED}">${escapeHtml(item.at)}</p>` : '') +
        paragraphsOf(item.text).map(paragraph).join('') +
        (item.link && isWebAddress(item.link.url)
          ? `<p style="margin:0 0 16px;${FONT};font-size:15px;line-height:22px"><a href="${escapeHtml(item.link.url)}" target="_blank" style="color:${BRAND};font-weight:bold">${escapeHtml(item.link.label)}</a></p>`
          : '') +
        `</div>`,
    )
    .join('');
}

function buttonHtml(action: { label: string; url: string }) {
  if (!isWebAddress(action.url)) return paragraph(`${action.label}: ${action.url}`);
  const url = escapeHtml(action.url);
  // A table cell carries the colour: Outlook ignores an anchor's padding and background.
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px"><tr>` +
    `<td align="center" bgcolor="${BRAND}" style="border-radius:6px;background:${BRAND}">` +
    `<a href="${url}" target="_blank" style="display:inline-block;padding:12px 24px;${FONT};font-size:16px;font-weight:bold;line-height:20px;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a>` +
    `</td></tr></table>` +
    `<p style="margin:0 0 16px;${FONT};font-size:13px;line-height:18px;color:${MUTED};word-break:break-all">${escapeHtml(action.url)}</p>`
  );
}

function sectionHtml(language: Language, content: MailContent) {
  return (
    `<div lang="${language}">` +
    `<h1 style="margin:0 0 16px;${FONT};font-size:22px;line-height:28px;color:${INK}">${escapeHtml(content.heading)}</h1>` +
    content.paragraphs.map(paragraph).join('') +
    (content.quote?.length ? quoteHtml(content.quote) : '') +
    (content.items?.length ? itemsHtml(content.items) : '') +
    (content.action ? buttonHtml(content.action) : '') +
    (content.after ?? []).map(paragraph).join('') +
    `</div>`
  );
}

function footerHtml(language: Language, unsubscribeUrl?: string) {
  const reason = `<p style="margin:0 0 8px">${escapeHtml(translate(language, 'mail.template.reason'))}</p>`;
  const stop =
    unsubscribeUrl && isWebAddress(unsubscribeUrl)
      ? `<p style="margin:0">${escapeHtml(translate(language, 'mail.template.unsubscribeLead'))} ` +
        `<a href="${escapeHtml(unsubscribeUrl)}" target="_blank" style="color:${MUTED};text-decoration:underline">${escapeHtml(translate(language, 'mail.template.unsubscribe'))}</a></p>`
      : '';
  return `<div lang="${language}">${reason}${stop}</div>`;
}

const divider = `<hr style="border:0;border-top:1px solid #e5e7eb;margin:24px 0">`;

const quoteText = (lines: QuotedLine[]) => lines.map((line) => `> ${line.author} · ${line.at}\n${line.text.replace(/^/gm, '> ')}`).join('\n>\n');

/** A mail's words without its heading, action and footer, as text (what a daily digest keeps of it). */
export const bodyText = (content: Pick<MailContent, 'paragraphs' | 'quote' | 'after'>) =>
  [...content.paragraphs, quoteText(content.quote ?? []), ...(content.after ?? [])].filter(Boolean).join('\n\n');

function textSection(language: Language, content: MailContent, unsubscribeUrl?: string) {
  return [
    content.heading,
    ...content.paragraphs,
    quoteText(content.quote ?? []),
    ...(content.items ?? []).map((item) =>
      [`- ${item.title}`, item.at ?? '', item.text, item.link ? `${item.link.label}: ${item.link.url}` : ''].filter(Boolean).join('\n'),
    ),
    content.action ? `${content.action.label}:\n${content.action.url}` : '',
    ...(content.after ?? []),
    unsubscribeUrl ? translate(language, 'notificationPreferences.unsubscribeFooter', { link: unsubscribeUrl }) : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * Every mail the portal sends, in one responsive layout (issue 38, item 5): a table-based HTML part with inline styles
 * (Gmail, Outlook, a 375 px phone), no remote images or scripts, every value escaped, beside a text part with the same
 * content. One language's copy, or each in turn when the reader's language is not known.
 */
export function renderMail(
  languages: readonly Language[],
  contentOf: (language: Language) => MailContent & { subject: string },
  unsubscribeUrl?: string,
): RenderedMail {
  const copies = languages.map((language) => ({ language, ...contentOf(language) }));
  const htmlLanguage = languages.length === 1 ? languages[0] : 'en';
  const product = escapeHtml(translate(htmlLanguage, 'mail.template.product'));
  const body = copies.map((copy) => sectionHtml(copy.language, copy)).join(divider);
  const footer = languages.map((language) => footerHtml(language, unsubscribeUrl)).join('<br>');
  const html =
    `<!DOCTYPE html><html lang="${htmlLanguage}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="x-apple-disable-message-reformatting">` +
    `<title>${escapeHtml(copies.map((copy) => copy.subject).join(' / '))}</title></head>` +
    `<body style="margin:0;padding:0;background:#f4f5f7;-webkit-text-size-adjust:100%">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f5f7"><tr><td align="center" style="padding:24px 12px">` +
    // Outlook on Windows knows no max-width: a fixed 600 px table there, the fluid one elsewhere.
    `<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px">` +
    `<tr><td style="padding:0 8px 12px;${FONT};font-size:18px;font-weight:bold;color:${BRAND}">${product}</td></tr>` +
    `<tr><td style="background:#ffffff;border-radius:8px;border:1px solid #e5e7eb;padding:24px">${body}</td></tr>` +
    `<tr><td style="padding:16px 8px;${FONT};font-size:12px;line-height:18px;color:${MUTED}">${footer}</td></tr>` +
    `</table><!--[if mso]></td></tr></table><![endif]--></td></tr></table></body></html>`;
  return {
    subject: copies.map((copy) => copy.subject).join(' / '),
    text: copies.map((copy) => textSection(copy.language, copy, unsubscribeUrl)).join('\n\n-----\n\n'),
    html,
  };
}

/** A catalogue body as paragraphs: blank lines part them. */
export const paragraphsOf = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * The usual mail from catalogue keys: the subject is the heading, the body's paragraphs, and an action when `link`
 * and `actionKey` are given.
 */
export function mailFromKeys(
  languages: readonly Language[],
  keys: { subjectKey: string; bodyKey: string; actionKey?: string; afterKey?: string },
  values: Record<string, string>,
  link?: string,
  unsubscribeUrl?: string,
): RenderedMail {
  return renderMail(
    languages,
    (language) => {
      const subject = translate(language, keys.subjectKey, values);
      return {
        subject,
        heading: subject,
        paragraphs: paragraphsOf(translate(language, keys.bodyKey, values)),
        action: link && keys.actionKey ? { label: translate(language, keys.actionKey, values), url: link } : undefined,
        after: keys.afterKey ? paragraphsOf(translate(language, keys.afterKey, values)) : undefined,
      };
    },
    unsubscribeUrl,
  );
}
