import { diffWords } from 'diff';
import { HELP_LANGUAGES, type HelpArticleVersionDto, type HelpLanguage } from '../../../contract/helpCenter';

export interface WordChange {
  text: string;
  kind: 'same' | 'added' | 'removed';
}

export interface LanguageDiff {
  language: HelpLanguage;
  title: WordChange[];
  body: WordChange[];
}

/** The words a reader reads in stored HTML: block ends become spaces, so paragraphs do not run together. */
export function textOfHtml(html: string): string {
  const document = new DOMParser().parseFromString(html.replace(/<\/(p|h[1-6]|li|td|th|pre|blockquote|div)>|<br\s*\/?>/gi, ' $&'), 'text/html');
  return (document.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export function wordChanges(before: string, after: string): WordChange[] {
  return diffWords(before, after).map((change) => ({ text: change.value, kind: change.added ? 'added' : change.removed ? 'removed' : 'same' }));
}

/** Per language, what changed in the title and the body's words from `older` to `newer`. */
export function versionDiff(older: HelpArticleVersionDto, newer: HelpArticleVersionDto): LanguageDiff[] {
  return HELP_LANGUAGES.map((language) => ({
    language,
    title: wordChanges(older[language]?.title ?? '', newer[language]?.title ?? ''),
    body: wordChanges(textOfHtml(older[language]?.body ?? ''), textOfHtml(newer[language]?.body ?? '')),
  }));
}
