import { memo } from 'react';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';

interface FillerActionsProps {
  previousKey?: string;
  nextKey?: string;
  onOpen: (sectionKey: string) => void;
  /** Absent once the form is read-only. */
  onSaveDraft?: () => void;
  onSubmit?: () => void;
  busy: boolean;
}

/** The filler's bar at the bottom of the screen: previous and next section, Save Draft, Submit. */
export const FillerActions = memo(function FillerActions({ previousKey, nextKey, onOpen, onSaveDraft, onSubmit, busy }: FillerActionsProps) {
  const translate = useTranslate();
  const previous = previousKey === undefined ? undefined : () => onOpen(previousKey);
  const next = nextKey === undefined ? undefined : () => onOpen(nextKey);
  return (
    <Box
      component="footer"
      sx={{ position: 'fixed', bottom: 0, left: 0, right: 0, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', zIndex: 2 }}
    >
      <Container maxWidth="lg" sx={{ py: 1.25, px: { xs: 1.5, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button onClick={previous} disabled={!previous} startIcon={<ChevronLeft />} aria-label={translate('formFiller.previous')}>
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {translate('formFiller.previousShort')}
            </Box>
          </Button>
          <Button onClick={next} disabled={!next} endIcon={<ChevronRight />} aria-label={translate('formFiller.next')}>
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {translate('formFiller.nextShort')}
            </Box>
          </Button>
          <Box sx={{ flex: 1 }} />
          {onSaveDraft && (
            <Button variant="outlined" onClick={onSaveDraft} disabled={busy}>
              {translate('formFiller.saveDraft')}
            </Button>
          )}
          {onSubmit && (
            <Button variant="contained" onClick={onSubmit} disabled={busy}>
              {translate('formFiller.submit')}
            </Button>
          )}
        </Stack>
      </Container>
    </Box>
  );
});
