import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import OutlinedFlag from '@mui/icons-material/OutlinedFlag';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { PartnerFormReview } from '../../../contract/forms';

interface ReviewBannerProps {
  review: PartnerFormReview;
  /** How many questions are flagged, and which of them (from 1) is the current one; 0 when none is. */
  count: number;
  position: number;
  onStep: (step: 1 | -1) => void;
}

/**
 * At the top of a form returned for changes: staff's note, how many questions to change (only those can be), and
 * buttons stepping from one flagged question to the next across sections.
 */
export function ReviewBanner({ review, count, position, onStep }: ReviewBannerProps) {
  const translate = useTranslate();
  return (
    <Alert severity="warning" icon={<OutlinedFlag />} data-testid="review-banner" aria-labelledby="review-banner-title">
      <AlertTitle id="review-banner-title">{translate('formFiller.review.title', { round: review.round })}</AlertTitle>
      {review.note && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mb: 1 }} data-testid="review-note">
          {review.note}
        </Typography>
      )}
      <Typography variant="body2">{translate('formFiller.review.onlyFlagged', { smart_count: count })}</Typography>
      {count > 0 && (
        <Stack direction="row" useFlexGap sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Button size="small" variant="outlined" color="inherit" startIcon={<KeyboardArrowUp />} onClick={() => onStep(-1)} data-testid="review-previous">
            {translate('formFiller.review.previous')}
          </Button>
          <Button size="small" variant="outlined" color="inherit" startIcon={<KeyboardArrowDown />} onClick={() => onStep(1)} data-testid="review-next">
            {translate('formFiller.review.next')}
          </Button>
          {position > 0 && (
            <Typography variant="body2" role="status" data-testid="review-position">
              {translate('formFiller.review.position', { position, count })}
            </Typography>
          )}
        </Stack>
      )}
    </Alert>
  );
}
