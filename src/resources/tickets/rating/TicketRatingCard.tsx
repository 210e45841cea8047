import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { usePermissions, useTranslate } from 'react-admin';
import { canAccessWith } from '../../../../contract/permissions';
import { ticketRatingSchema } from '../../../../contract/schemas/ticketMergeAndRating';
import { TICKET_RATING_COMMENT_MAX, TICKET_RATING_MAX, type TicketDto, type TicketStatus } from '../../../../contract/tickets';
import { rateTicket } from '../merge/ticketMergeApi';
import { useDateTimeFormat } from '../useDateTimeFormat';

interface TicketRatingCardProps {
  ticket: TicketDto;
  /** The status shown now (it follows the hub before the ticket is read again). */
  status: TicketStatus;
  /** The reader is a user of the ticket's partner (staff never rate). */
  partnerReader: boolean;
  onRated: (ticket: TicketDto) => void;
}

/**
 * Satisfaction (issue 25): on a resolved ticket its partner's users rate it once, 1 to 5 stars (a radio group: arrow
 * keys choose) and an optional comment; afterwards everyone who reads the ticket sees the rating.
 */
export function TicketRatingCard({ ticket, status, partnerReader, onRated }: TicketRatingCardProps) {
  const translate = useTranslate();
  const formatTime = useDateTimeFormat();
  const { permissions } = usePermissions<string[]>();
  const titleId = useId();
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const starsOf = (value: number) => translate('ticketRatings.star', { smart_count: value });

  const { rating } = ticket;
  const mayRate =
    partnerReader && status === 'RESOLVED' && !ticket.mergedIntoId && canAccessWith(permissions ?? [], { resource: 'TicketRatings', action: 'Create' });
  if (!rating && !mayRate) return null;

  const send = async () => {
    const input = { score: score ?? undefined, comment };
    if (!ticketRatingSchema.isValidSync(input)) {
      setProblem(translate(score ? 'validation.maxLength' : 'ticketRatings.card.chooseScore', { max: TICKET_RATING_COMMENT_MAX }));
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      onRated(await rateTicket(ticket.id, ticketRatingSchema.cast(input)));
    } catch {
      // The refusal was shown as a toast.
    } finally {
      setSending(false);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} data-testid="ticket-rating" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" id={titleId} sx={{ mb: 1 }}>
          {translate(rating ? 'ticketRatings.shown.title' : 'ticketRatings.card.title')}
        </Typography>
        {rating ? (
          <Stack spacing={0.5}>
            <Rating value={rating.score} max={TICKET_RATING_MAX} readOnly getLabelText={starsOf} data-testid="ticket-rating-score" />
            <Typography variant="body2">{translate('ticketRatings.score', { score: rating.score })}</Typography>
            {rating.comment && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="ticket-rating-comment">
                {rating.comment}
              </Typography>
            )}
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {translate('ticketRatings.shown.by', { name: rating.ratedByName, date: formatTime(rating.ratedAt) })}
            </Typography>
          </Stack>
        ) : (
          <Stack spacing={2}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {translate('ticketRatings.card.intro')}
            </Typography>
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
                {translate('ticketRatings.card.scoreLabel')}
              </Typography>
              <Rating
                name={`rating-${ticket.id}`}
                value={score}
                max={TICKET_RATING_MAX}
                size="large"
                getLabelText={starsOf}
                emptyLabelText={translate('ticketRatings.card.chooseScore')}
                onChange={(_, value) => setScore(value)}
                data-testid="ticket-rating-stars"
              />
            </Box>
            <TextField
              label={translate('ticketRatings.card.comment')}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              multiline
              minRows={2}
              fullWidth
              slotProps={{ htmlInput: { maxLength: TICKET_RATING_COMMENT_MAX } }}
            />
            {problem && (
              <Typography role="alert" variant="body2" sx={{ color: 'error.main' }}>
                {problem}
              </Typography>
            )}
            <Box>
              <Button variant="contained" onClick={() => void send()} disabled={sending} data-testid="ticket-rating-submit">
                {translate('ticketRatings.card.submit')}
              </Button>
            </Box>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
