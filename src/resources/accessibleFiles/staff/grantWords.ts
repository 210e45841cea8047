import type { FileGrantDto } from '../../../../contract/files';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "3 Dec, 17:00" (this year) or "3 Dec 2027, 17:00", in the reader's language. */
export function grantDateFormat(locale: string, now = new Date()) {
  const tag = locale === 'vi' ? 'vi-VN' : 'en-GB';
  const thisYear = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  const otherYear = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  return (iso: string) => {
    const date = new Date(iso);
    return (date.getFullYear() === now.getFullYear() ? thisYear : otherYear).format(date);
  };
}

/**
 * A grant said in words: who may open which file, until when, and what is left of it
 * ("Acme Logistics can open tax-form.pdf until 3 Dec, 17:00 · 5 downloads left").
 */
export function grantInWords(grant: FileGrantDto, translate: Translate, formatDate: (iso: string) => string): string {
  const who = translate(`fileManager.grants.who.${grant.conditionType}`, { name: grant.targetName });
  const values = { who, file: grant.fileName, from: formatDate(grant.from), to: formatDate(grant.to), revoked: formatDate(grant.revokedAt ?? grant.to) };
  const sentence = translate(`fileManager.grants.sentence.${grant.state}`, values);
  const extras: string[] = [];
  if (grant.downloadLimit !== null && grant.state !== 'revoked') {
    extras.push(translate('fileManager.grants.sentence.downloadsLeft', { smart_count: Math.max(0, grant.downloadLimit - grant.downloadCount) }));
  }
  if (grant.viewOnly) extras.push(translate('fileManager.grants.sentence.viewOnly'));
  return extras.length ? `${sentence}, ${extras.join(', ')}` : sentence;
}
