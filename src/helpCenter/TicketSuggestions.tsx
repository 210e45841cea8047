import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { HELP_SUGGESTION_TEXT_MAX, type HelpArticleHitDto } from '../../contract/helpCenter';
import { HelpArticleDialog } from './HelpArticleDialog';
import { sendHelpDeflection, suggestHelpArticles } from './helpCenterApi';
import { textOfHtml } from './htmlText';
import { MarkedSnippet } from './MarkedSnippet';
import { useDebouncedValue } from './useDebouncedValue';
import { useHelpLanguage } from './useHelpLanguage';

const TYPING_PAUSE_MS = 400;

interface TicketSuggestionsProps {
  subject: string;
  /** The description's HTML as the editor holds it. */
  description: string;
  /** The reader said an article answered the question: the draft ends. */
  onAnswered: () => void;
}

/**
 * The three articles that best match a ticket being written, asked for once typing pauses (a newer draft cancels the
 * older request); each opens in a dialog whose "This answered my question" ends the draft.
 */
export function TicketSuggestions({ subject, description, onAnswered }: TicketSuggestionsProps) {
  const translate = useTranslate();
  const lang = useHelpLanguage();
  // One text for both fields, so a pause in either asks once.
  const typed = JSON.stringify([subject.trim().slice(0, HELP_SUGGESTION_TEXT_MAX), textOfHtml(description).slice(0, HELP_SUGGESTION_TEXT_MAX)]);
  const settled = useDebouncedValue(typed, TYPING_PAUSE_MS);
  const draft = useMemo(() => {
    const [draftSubject, draftDescription] = JSON.parse(settled) as [string, string];
    return { subject: draftSubject, description: draftDescription };
  }, [settled]);
  const [open, setOpen] = useState<HelpArticleHitDto | null>(null);
  const [failed, setFailed] = useState(false);
  const asked = Boolean(draft.subject || draft.description);
  const suggestions = useQuery({
    queryKey: ['help-suggestions', draft.subject, draft.description, lang],
    queryFn: ({ signal }) => suggestHelpArticles({ ...draft, lang }, signal),
    enabled: asked,
  });
  const hits = asked ? (suggestions.data ?? []) : [];

  const answered = async (hit: HelpArticleHitDto) => {
    setFailed(false);
    try {
      await sendHelpDeflection({ articleId: hit.id, query: `${draft.subject} ${draft.description}`.trim().slice(0, HELP_SUGGESTION_TEXT_MAX) });
      setOpen(null);
      onAnswered();
    } catch {
      setFailed(true);
    }
  };

  if (hits.length === 0) return null;
  return (
    <Box
      component="aside"
      aria-labelledby="ticket-suggestions-title"
      data-testid="ticket-suggestions"
      sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 2, width: { xs: '100%', md: 300 }, flexShrink: 0, boxSizing: 'border-box' }}
    >
      <Typography id="ticket-suggestions-title" variant="subtitle1" component="h2">
        {translate('helpCenter.suggestions.title')}
      </Typography>
      <List dense>
        {hits.map((hit) => (
          <ListItem key={hit.id} disableGutters sx={{ display: 'block' }} lang={hit.language}>
            <Link
              component="button"
              type="button"
              onClick={() => setOpen(hit)}
              aria-label={translate('helpCenter.suggestions.open', { title: hit.title })}
              sx={{ textAlign: 'start' }}
            >
              {hit.title}
            </Link>
            <Typography variant="body2" color="text.secondary">
              <MarkedSnippet snippet={hit.snippet} />
            </Typography>
          </ListItem>
        ))}
      </List>
      {open && (
        <HelpArticleDialog
          slug={open.slug}
          language={open.language}
          onClose={() => setOpen(null)}
          actions={
            <>
              {failed && (
                <Typography role="alert" color="error" variant="body2">
                  {translate('helpCenter.suggestions.failed')}
                </Typography>
              )}
              <Button variant="contained" onClick={() => void answered(open)}>
                {translate('helpCenter.suggestions.answered')}
              </Button>
            </>
          }
        />
      )}
    </Box>
  );
}
