import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { HELP_QUERY_MAX, helpCategoryName } from '../../contract/helpCenter';
import { PageHeading } from '../layout/PageHeading';
import { fetchHelpCategories, searchHelpArticles } from './helpCenterApi';
import { helpArticlePath } from './helpPaths';
import { MarkedSnippet } from './MarkedSnippet';
import { useDebouncedValue } from './useDebouncedValue';
import { useHelpLanguage } from './useHelpLanguage';

const TYPING_PAUSE_MS = 300;

/** The help center in the app (/help-center): a search box, the categories, and the articles found or of a category. */
export default function HelpPage() {
  const translate = useTranslate();
  const language = useHelpLanguage();
  const [typed, setTyped] = useState('');
  const [categoryId, setCategoryId] = useState<string | undefined>();
  const q = useDebouncedValue(typed.trim(), TYPING_PAUSE_MS);
  const categories = useQuery({ queryKey: ['help-categories', 'reader'], queryFn: ({ signal }) => fetchHelpCategories(signal) });
  // react-query aborts the request of a query the reader has typed past (its signal).
  const results = useQuery({
    queryKey: ['help-search', q, categoryId, language],
    queryFn: ({ signal }) => searchHelpArticles({ q, categoryId, lang: language }, signal),
    placeholderData: keepPreviousData,
  });
  const hits = results.data?.items ?? [];

  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageHeading title={translate('helpCenter.page.title')}>
        <Typography color="text.secondary">{translate('helpCenter.page.intro')}</Typography>
      </PageHeading>
      <TextField
        type="search"
        label={translate('helpCenter.page.search')}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        fullWidth
        slotProps={{ htmlInput: { maxLength: HELP_QUERY_MAX, 'data-testid': 'help-search' } }}
      />
      {!!categories.data?.length && (
        <Stack component="nav" aria-label={translate('helpCenter.page.categories')} direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
          <Chip
            label={translate('helpCenter.page.allCategories')}
            color={categoryId ? 'default' : 'primary'}
            onClick={() => setCategoryId(undefined)}
            aria-pressed={!categoryId}
          />
          {categories.data.map((category) => (
            <Chip
              key={category.id}
              label={helpCategoryName(category, language)}
              color={categoryId === category.id ? 'primary' : 'default'}
              onClick={() => setCategoryId(category.id)}
              aria-pressed={categoryId === category.id}
            />
          ))}
        </Stack>
      )}
      <Typography variant="h6" component="h2" sx={{ mt: 3 }} id="help-results-heading">
        {translate(q ? 'helpCenter.page.resultsFor' : 'helpCenter.page.articles', { q })}
      </Typography>
      <List aria-labelledby="help-results-heading" data-testid="help-results">
        {hits.map((hit) => (
          <ListItem key={hit.id} disableGutters sx={{ display: 'block' }} lang={hit.language}>
            <Link component={RouterLink} to={helpArticlePath(hit)} variant="subtitle1">
              {hit.title}
            </Link>
            <Typography variant="body2" color="text.secondary" data-testid="help-snippet">
              <MarkedSnippet snippet={hit.snippet} />
            </Typography>
          </ListItem>
        ))}
      </List>
      {results.isSuccess && hits.length === 0 && (
        <Typography role="status" color="text.secondary">
          {translate(q ? 'helpCenter.page.nothingFound' : 'helpCenter.page.noArticles')}
        </Typography>
      )}
    </Box>
  );
}
