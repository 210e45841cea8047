import { LANGUAGES } from '../../contract/http';
import { translate } from '../core/i18n';

/** A mail's subject and text in every language, one after the other: we do not know the reader's language. */
export function inEveryLanguage(subjectKey: string, bodyKey: string, values: Record<string, string>) {
  return {
    subject: LANGUAGES.map((language) => translate(language, subjectKey, values)).join(' / '),
    text: LANGUAGES.map((language) => translate(language, bodyKey, values)).join('\n\n-----\n\n'),
  };
}
