import Chip from '@mui/material/Chip';
import { useGetManyAggregate, useLocaleState, useTranslate } from 'react-admin';
import { helpCategoryName, type HelpArticleDto, type HelpCategoryDto, type HelpLanguage } from '../../../contract/helpCenter';
import { useDateTimeFormat } from '../tickets/useDateTimeFormat';

/** The title in the reader's language, or the other one when that translation is not written. */
export function titleIn(row: HelpArticleDto, language: HelpLanguage): string {
  const other = language === 'vi' ? 'en' : 'vi';
  return row[language]?.title ?? row[other]?.title ?? row.slug;
}

export function ArticleTitle({ row }: { row: HelpArticleDto }) {
  const [locale] = useLocaleState();
  return <>{titleIn(row, locale === 'vi' ? 'vi' : 'en')}</>;
}

export function ArticleStatus({ row }: { row: HelpArticleDto }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={row.status === 'published' ? 'success' : 'default'}
      variant={row.status === 'published' ? 'filled' : 'outlined'}
      label={translate(`helpCenter.statuses.${row.status}`)}
    />
  );
}

export function ArticleAudience({ row }: { row: HelpArticleDto }) {
  const translate = useTranslate();
  return <>{translate(`helpCenter.audiences.${row.audience}`)}</>;
}

/** The category's name in the reader's language; the rows of a page ask for their categories in one call. */
export function ArticleCategory({ row }: { row: HelpArticleDto }) {
  const [locale] = useLocaleState();
  const { data } = useGetManyAggregate<HelpCategoryDto & { id: string }>(
    'help-categories',
    { ids: row.categoryId ? [row.categoryId] : [] },
    { enabled: !!row.categoryId },
  );
  const category = data?.find((c) => c?.id === row.categoryId);
  return <>{category ? helpCategoryName(category, locale) : ''}</>;
}

export function ArticleUpdated({ row }: { row: HelpArticleDto }) {
  const dateTime = useDateTimeFormat();
  return <>{dateTime(row.updatedAt)}</>;
}
