import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePermissions, useTranslate } from 'react-admin';
import { canAccessWith } from '../../../../contract/permissions';
import { fetchHelpInsights } from '../../../resources/helpArticles/helpArticlesApi';
import { DashboardCard } from '../DashboardCard';
import { useLiveSummary } from '../useLiveSummary';

const ARTICLES = ['help-articles'] as const;
/** The comments shown per article and language: the latest few; the rest wait for a screen of their own. */
const COMMENTS_SHOWN = 2;

/**
 * The help center on staff Home (issue 39, HelpArticles.View): tickets it avoided, the searches that found nothing
 * (what to write next), and the readers' feedback per article and language.
 */
export function HelpCenterCard() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const allowed = canAccessWith(permissions ?? [], { resource: 'HelpArticles', action: 'View' });
  const insights = useLiveSummary(allowed, fetchHelpInsights, ARTICLES);
  if (!insights) return null;
  return (
    <DashboardCard title={translate('helpCenter.insights.title')} testId="dashboard-help-center" wide>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ px: 2, pb: 1 }}>
        <Stack spacing={0.5} sx={{ minWidth: 180 }}>
          <Typography variant="h4" component="p" data-testid="help-deflected">
            {insights.deflectedLast30Days.toLocaleString()}
          </Typography>
          <Typography variant="body2">{translate('helpCenter.insights.deflected')}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {translate('helpCenter.insights.deflectedTotal', { count: insights.deflectedTotal.toLocaleString() })}
          </Typography>
        </Stack>
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" component="h3" id="help-unanswered">
            {translate('helpCenter.insights.unanswered')}
          </Typography>
          {insights.unanswered.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {translate('helpCenter.insights.noUnanswered')}
            </Typography>
          ) : (
            <List dense aria-labelledby="help-unanswered" data-testid="help-unanswered">
              {insights.unanswered.map((search) => (
                <ListItem
                  key={`${search.language}-${search.query}`}
                  disableGutters
                  secondaryAction={translate('helpCenter.insights.asked', { count: search.count })}
                >
                  <ListItemText primary={search.query} slotProps={{ primary: { lang: search.language, noWrap: true } }} />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" component="h3" id="help-feedback">
            {translate('helpCenter.insights.feedback')}
          </Typography>
          {insights.feedback.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {translate('helpCenter.insights.noFeedback')}
            </Typography>
          ) : (
            <List dense aria-labelledby="help-feedback" data-testid="help-feedback">
              {insights.feedback.map((row) => (
                <ListItem key={`${row.articleId}-${row.language}`} disableGutters sx={{ display: 'block' }}>
                  <ListItemText
                    primary={`${row.title} (${translate(`helpCenter.languages.${row.language}`)})`}
                    secondary={translate('helpCenter.insights.votes', { yes: row.yes, no: row.no })}
                    slotProps={{ primary: { lang: row.language } }}
                  />
                  {row.comments.slice(0, COMMENTS_SHOWN).map((comment) => (
                    <Typography
                      key={comment.at}
                      variant="body2"
                      component="blockquote"
                      lang={row.language}
                      sx={{ m: 0, pl: 1, borderLeft: 2, borderColor: 'divider', color: 'text.secondary' }}
                    >
                      {comment.text}
                    </Typography>
                  ))}
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      </Stack>
    </DashboardCard>
  );
}
