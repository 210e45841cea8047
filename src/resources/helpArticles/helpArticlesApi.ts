import type { HelpArticleDto, HelpArticleVersionDto, HelpInsightsDto } from '../../../contract/helpCenter';
import { API_V1 } from '../../../contract/http';
import { apiPaths } from '../../config/apiPaths';
import { apiRequest } from '../../providers/http';

/** Staff's calls beyond the declared resource's own (contract/helpCenter.ts). */
const item = (id: string) => apiPaths.resourceItem('help-articles', id);

export async function publishHelpArticle(id: string): Promise<HelpArticleDto> {
  return (await apiRequest<HelpArticleDto>(`${item(id)}/publish`, { method: 'POST' })).data;
}

export async function unpublishHelpArticle(id: string): Promise<HelpArticleDto> {
  return (await apiRequest<HelpArticleDto>(`${item(id)}/unpublish`, { method: 'POST' })).data;
}

export async function fetchHelpArticleVersions(id: string, signal?: AbortSignal): Promise<HelpArticleVersionDto[]> {
  return (await apiRequest<HelpArticleVersionDto[]>(`${item(id)}/versions`, { signal, notify: false })).data ?? [];
}

export async function fetchHelpArticleVersion(id: string, number: number, signal?: AbortSignal): Promise<HelpArticleVersionDto> {
  return (await apiRequest<HelpArticleVersionDto>(`${item(id)}/versions/${number}`, { signal, notify: false })).data;
}

export async function fetchHelpInsights(signal?: AbortSignal): Promise<HelpInsightsDto> {
  return (await apiRequest<HelpInsightsDto>(`${API_V1}/help-center/insights`, { signal, notify: false })).data;
}
