import { diffWords } from 'diff';
import { textOfHtml } from '../../helpCenter/htmlText';
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
