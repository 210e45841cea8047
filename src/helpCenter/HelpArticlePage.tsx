import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { HELP_LANGUAGES, type HelpLanguage } from '../../contract/helpCenter';
import { PageHeading } from '../layout/PageHeading';
import { fetchHelpArticle } from './helpCenterApi';
import { HelpArticleView } from './HelpArticleView';
import { HelpfulFeedback } from './HelpfulFeedback';
import { HELP_PAGE_PATH } from './helpPaths';
import { useHelpLanguage } from './useHelpLanguage';

/** One article (/help-center/{slug}?lang=…): in the reader's language unless another is asked for, then "Was this helpful?". */
export default function HelpArticlePage() {
  const translate = useTranslate();
  const { slug = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const readerLanguage = useHelpLanguage();
  const asked = search.get('lang');
  const language: HelpLanguage = HELP_LANGUAGES.find((l) => l === asked) ?? readerLanguage;
  const article = useQuery({ queryKey: ['help-article', slug, language], queryFn: ({ signal }) => fetchHelpArticle(slug, language, signal), retry: false });

  return (
    <Box sx={{ maxWidth: 820 }}>
      <Link component={RouterLink} to={HELP_PAGE_PATH} sx={{ display: 'inline-block', mb: 2 }}>
        {translate('helpCenter.article.back')}
      </Link>
      {article.isPending && <CircularProgress aria-label={translate('helpCenter.loading')} />}
      {article.isError && <Alert severity="warning">{translate('helpCenter.article.notFound')}</Alert>}
      {article.data && (
        <>
          <Box lang={article.data.language}>
            <PageHeading title={article.data.title} />
          </Box>
          <HelpArticleView article={article.data} onLanguage={(other) => setSearch({ lang: other })} />
          <HelpfulFeedback key={`${article.data.slug}-${article.data.language}`} slug={article.data.slug} language={article.data.language} />
        </>
      )}
    </Box>
  );
}
