import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslate } from 'react-admin';
import type { HelpArticleViewDto, HelpLanguage } from '../../contract/helpCenter';
import { SafeHtml } from '../components/richText/SafeHtml';

/**
 * An article's body as readers see it (through the chat's allow-list), in the language it is shown in, with a
 * notice when the one asked for is not written and a way to the other translation.
 */
export function HelpArticleView({ article, onLanguage }: { article: HelpArticleViewDto; onLanguage: (language: HelpLanguage) => void }) {
  const translate = useTranslate();
  const other = article.languages.find((language) => language !== article.language);
  return (
    <Box component="article" lang={article.language} data-testid="help-article">
      {article.translationMissing && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="help-translation-missing">
          {translate('helpCenter.article.translationMissing', { language: translate(`helpCenter.article.inLanguage.${article.language}`) })}
        </Alert>
      )}
      <SafeHtml
        html={article.body}
        sx={{ '& table': { borderCollapse: 'collapse' }, '& td, & th': { border: 1, borderColor: 'divider', px: 1 }, '& pre': { overflowX: 'auto' } }}
      />
      {other && !article.translationMissing && (
        <Link component="button" type="button" onClick={() => onLanguage(other)} lang={other} sx={{ mt: 2, display: 'inline-block' }}>
          {translate(`helpCenter.article.readIn.${other}`)}
        </Link>
      )}
    </Box>
  );
}
