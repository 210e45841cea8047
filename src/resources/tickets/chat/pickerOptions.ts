import type { CannedResponseDto } from '../../../../contract/cannedResponses';
import type { HelpArticleHitDto } from '../../../../contract/helpCenter';
import { fetchHelpArticle } from '../../../helpCenter/helpCenterApi';
import { helpArticlePath } from '../../../helpCenter/helpPaths';
import { textOfHtml } from '../../../helpCenter/htmlText';

/** What the `/` picker offers: a canned response, or a help article to insert as its link or its text. */
export type PickerOption = { kind: 'canned'; response: CannedResponseDto } | { kind: 'article'; hit: HelpArticleHitDto; as: 'link' | 'text' };

export function pickerOptions(responses: CannedResponseDto[], articles: HelpArticleHitDto[]): PickerOption[] {
  return [
    ...responses.map((response) => ({ kind: 'canned' as const, response })),
    ...articles.flatMap((hit) => (['link', 'text'] as const).map((as) => ({ kind: 'article' as const, hit, as }))),
  ];
}

/** The address of an article in the app, where the partner reading the chat is signed in. */
export const articleLink = (hit: Pick<HelpArticleHitDto, 'slug' | 'language'>, origin = window.location.origin) => `${origin}${helpArticlePath(hit)}`;

/** An article as plain text for the chat: its title, then its words, in the language of the hit. */
export async function articleText(hit: Pick<HelpArticleHitDto, 'slug' | 'language'>): Promise<string> {
  const article = await fetchHelpArticle(hit.slug, hit.language);
  return `${article.title}\n\n${textOfHtml(article.body)}`;
}
