import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import PublishOutlined from '@mui/icons-material/PublishOutlined';
import UnpublishedOutlined from '@mui/icons-material/UnpublishedOutlined';
import { HELP_LANGUAGES, helpArticleInputSchema, type HelpArticleDto } from '../../../contract/helpCenter';
import { declaredIdentity } from '../../admin/screenDeclaration';
import type { EntityResource } from '../../entityTable/types';
import { ArticleAudience, ArticleCategory, ArticleStatus, ArticleTitle, ArticleUpdated } from './HelpArticleCells';
import { HelpArticleInputs } from './HelpArticleInputs';
import { HelpArticleVersionsDialog } from './HelpArticleVersionsDialog';
import { publishHelpArticle, unpublishHelpArticle } from './helpArticlesApi';
import { textOfHtml } from '../../helpCenter/htmlText';
import helpArticles from '.';

type Translation = { title?: string; body?: string } | null | undefined;

/** A language left with neither title nor words is not written (null); a body without a title is sent to be refused. */
function translationOf(value: Translation) {
  const title = value?.title?.trim() ?? '';
  const body = value?.body ?? '';
  return title || textOfHtml(body) ? { title, body } : null;
}

/** The working copy as the contract's schema takes it. */
export function articleInputOf(values: Record<string, unknown>) {
  const audience = values.audience;
  return {
    slug: typeof values.slug === 'string' ? values.slug.trim() : values.slug,
    categoryId: values.categoryId || null,
    audience,
    partnerIds: audience === 'chosenPartners' ? ((values.partnerIds as string[] | undefined) ?? []) : [],
    ...Object.fromEntries(HELP_LANGUAGES.map((language) => [language, translationOf(values[language] as Translation)])),
  };
}

/** Help articles (/help-articles): staff write each in English and Vietnamese, publish it for an audience, compare versions. */
const helpArticleTable: EntityResource<HelpArticleDto> = {
  ...declaredIdentity(helpArticles),
  titleKey: 'helpCenter.articles.title',
  nameKey: 'helpCenter.articles.name',
  descriptionKey: 'helpCenter.articles.description',
  emptyTitleKey: 'helpCenter.articles.empty',
  defaultSort: { field: 'updatedAt', order: 'DESC' },
  keywordSearch: true,
  columns: [
    { source: 'title', labelKey: 'helpCenter.fields.title', render: (row) => <ArticleTitle row={row} />, card: 'title' },
    { source: 'status', labelKey: 'helpCenter.fields.status', sortable: true, render: (row) => <ArticleStatus row={row} />, card: 'status' },
    { source: 'audience', labelKey: 'helpCenter.fields.audience', sortable: true, render: (row) => <ArticleAudience row={row} />, card: 'fact' },
    { source: 'categoryId', labelKey: 'helpCenter.fields.category', render: (row) => <ArticleCategory row={row} />, hideOnMobile: true, card: 'fact' },
    { source: 'updatedAt', labelKey: 'helpCenter.fields.updated', sortable: true, render: (row) => <ArticleUpdated row={row} />, card: 'fact' },
  ],
  form: {
    Inputs: HelpArticleInputs,
    schema: helpArticleInputSchema,
    defaults: { slug: '', categoryId: null, audience: 'partners', partnerIds: [], en: { title: '', body: '' }, vi: { title: '', body: '' } },
    toInput: articleInputOf,
    width: 'md',
  },
  rowActions: [
    {
      key: 'publish',
      labelKey: 'helpCenter.actions.publish',
      icon: <PublishOutlined fontSize="small" />,
      access: { action: 'Configure' },
      run: async (row, { refresh, notify }) => {
        await publishHelpArticle(row.id);
        notify('helpCenter.actions.published', 'success');
        refresh();
      },
    },
    {
      key: 'unpublish',
      labelKey: 'helpCenter.actions.unpublish',
      icon: <UnpublishedOutlined fontSize="small" />,
      access: { action: 'Configure' },
      appliesTo: (row) => row.status === 'published',
      run: async (row, { refresh, notify }) => {
        await unpublishHelpArticle(row.id);
        notify('helpCenter.actions.unpublished', 'success');
        refresh();
      },
    },
    { key: 'versions', labelKey: 'helpCenter.actions.versions', icon: <HistoryOutlined fontSize="small" />, Dialog: HelpArticleVersionsDialog },
  ],
};

export default helpArticleTable;
