import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HelpArticleHitDto } from '../../contract/helpCenter';
import { searchHelpArticles } from './helpCenterApi';
import { useDebouncedValue } from './useDebouncedValue';
import { useHelpLanguage } from './useHelpLanguage';

/** Articles the chat's `/` picker offers beside canned responses: a few, for what follows the `/`. */
const PICKER_ARTICLES = 3;
const TYPING_PAUSE_MS = 250;

/** The articles matching `query` once typing pauses (null: the picker is shut, nothing is asked). */
export function useArticleMatches(query: string | null, enabled: boolean): HelpArticleHitDto[] {
  const language = useHelpLanguage();
  const settled = useDebouncedValue(query?.trim() ?? null, TYPING_PAUSE_MS);
  // A `/` alone offers the canned responses only: articles need a word to be searched for.
  const asked = enabled && !!query?.trim() && !!settled;
  const found = useQuery({
    queryKey: ['help-search', settled, undefined, language, PICKER_ARTICLES],
    queryFn: ({ signal }) => searchHelpArticles({ q: settled ?? '', lang: language, perPage: PICKER_ARTICLES }, signal),
    enabled: asked,
    placeholderData: keepPreviousData,
  });
  return asked ? (found.data?.items ?? []).slice(0, PICKER_ARTICLES) : [];
}
