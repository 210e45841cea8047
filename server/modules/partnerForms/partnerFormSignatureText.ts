import { signatureStampOf, type SignatureAnswer } from '../../../contract/answers';
import type { Language } from '../../../contract/http';
import { translate } from '../../core/i18n';

/** A signature's kinds in the reader's words ("typed", "gõ tên"). */
export interface SignatureKindWords {
  typed: string;
  drawn: string;
}

export const signatureKindWordsOf = (language: Language): SignatureKindWords => ({
  typed: translate(language, 'partnerFormsApi.pdf.signatureKinds.typed'),
  drawn: translate(language, 'partnerFormsApi.pdf.signatureKinds.drawn'),
});

/** When it was signed, in UTC, said so: in the reader's locale, or canonical for scripts (locale null: "2026-12-04 10:00 UTC"). */
export function signedAtText(iso: string, locale: string | null): string {
  if (!locale) return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC`;
}

/** The text version as one short mark: "v3·abcd1234". */
const versionMark = (stamp: { textVersion: { number: number; hash: string } }) => `v${stamp.textVersion.number}·${stamp.textVersion.hash}`;

/** A signature as one CSV cell: "Jane Doe (typed), 2026-12-04 10:00 UTC, 203.0.113.5, v3·abcd1234" (the name alone if unstamped). */
export function signatureCellText(answer: SignatureAnswer, kinds: SignatureKindWords, locale: string | null): string {
  const signed = `${answer.name} (${kinds[answer.kind]})`;
  const stamp = signatureStampOf(answer);
  return stamp ? [signed, signedAtText(stamp.signedAt, locale), stamp.address, versionMark(stamp)].join(', ') : signed;
}

/** The PDF's line under a signature: "Signed by NAME on DATE from ADDRESS, text version N (hash)", or null if unstamped. */
export function signerLine(answer: SignatureAnswer, language: Language, locale: string): string | null {
  const stamp = signatureStampOf(answer);
  if (!stamp) return null;
  return translate(language, 'partnerFormsApi.pdf.signedBy', {
    name: stamp.signedBy.name || answer.name,
    date: signedAtText(stamp.signedAt, locale),
    address: stamp.address,
    version: stamp.textVersion.number,
    hash: stamp.textVersion.hash,
  });
}
