import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { HelpLanguage } from '../../contract/helpCenter';
import { fetchHelpArticle } from './helpCenterApi';
import { HelpArticleView } from './HelpArticleView';

/** An article opened from elsewhere (a ticket draft's suggestions), read in place; `actions` go beside Close. */
export function HelpArticleDialog({
  slug,
  language: first,
  onClose,
  actions,
}: {
  slug: string;
  language: HelpLanguage;
  onClose: () => void;
  actions?: ReactNode;
}) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [language, setLanguage] = useState(first);
  const article = useQuery({ queryKey: ['help-article', slug, language], queryFn: ({ signal }) => fetchHelpArticle(slug, language, signal), retry: false });
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="help-article-dialog-title">
      <DialogTitle id="help-article-dialog-title" lang={article.data?.language}>
        {article.data?.title ?? translate('helpCenter.loading')}
      </DialogTitle>
      <DialogContent dividers>
        {article.isPending && <CircularProgress aria-label={translate('helpCenter.loading')} />}
        {article.isError && <Alert severity="warning">{translate('helpCenter.article.notFound')}</Alert>}
        {article.data && <HelpArticleView article={article.data} onLanguage={setLanguage} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button color="inherit" onClick={onClose}>
          {translate('helpCenter.close')}
        </Button>
        {actions}
      </DialogActions>
    </Dialog>
  );
}
