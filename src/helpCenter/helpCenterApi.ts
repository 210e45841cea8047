import type { PagedResult } from '../../contract/envelope';
import { API_V1 } from '../../contract/http';
import type { HelpArticleHitDto, HelpArticleViewDto, HelpCategoryDto, HelpLanguage } from '../../contract/helpCenter';
import { apiRequest } from '../providers/http';

/** What any signed-in reader calls (contract/helpCenter.ts): only what is published for them comes back. */
const HELP = `${API_V1}/help`;

export interface HelpSearch {
  q: string;
  categoryId?: string;
  lang: HelpLanguage;
  page?: number;
  perPage?: number;
}

export async function searchHelpArticles(search: HelpSearch, signal?: AbortSignal): Promise<PagedResult<HelpArticleHitDto>> {
  const query = new URLSearchParams({ q: search.q, lang: search.lang, page: String(search.page ?? 1), perPage: String(search.perPage ?? 10) });
  if (search.categoryId) query.set('categoryId', search.categoryId);
  const { data } = await apiRequest<PagedResult<HelpArticleHitDto>>(`${HELP}/articles?${query}`, { signal, notify: false });
  return data;
}

export async function fetchHelpArticle(slug: string, lang: HelpLanguage, signal?: AbortSignal): Promise<HelpArticleViewDto> {
  const { data } = await apiRequest<HelpArticleViewDto>(`${HELP}/articles/${encodeURIComponent(slug)}?lang=${lang}`, { signal, notify: false });
  return data;
}

export async function fetchHelpCategories(signal?: AbortSignal): Promise<HelpCategoryDto[]> {
  const { data } = await apiRequest<HelpCategoryDto[]>(`${HELP}/categories`, { signal, notify: false });
  return data ?? [];
}

export async function suggestHelpArticles(draft: { subject: string; description: string; lang: HelpLanguage }, signal?: AbortSignal) {
  const { data } = await apiRequest<HelpArticleHitDto[]>(`${HELP}/suggestions`, { method: 'POST', body: draft, signal, notify: false });
  return data ?? [];
}

export async function sendHelpFeedback(slug: string, feedback: { helpful: boolean; language: HelpLanguage; comment: string }) {
  await apiRequest<null>(`${HELP}/articles/${encodeURIComponent(slug)}/feedback`, { method: 'POST', body: feedback, notify: false });
}

export async function sendHelpDeflection(deflection: { articleId: string; query: string }) {
  await apiRequest<null>(`${HELP}/deflections`, { method: 'POST', body: deflection, notify: false });
}
