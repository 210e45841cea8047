import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { PendingAgreementDto } from '../../../contract/agreements';
import { acceptAgreementVersion, fetchPendingAgreements } from '../../resources/agreements/agreementsApi';

const PENDING_AGREEMENTS_KEY = ['pending-agreements'];

/** One agreement to accept: its name, what changed, its text in the reader's language (scrollable), "I accept". */
function PendingAgreement({ agreement, onAccepted }: { agreement: PendingAgreementDto; onAccepted: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [accepting, setAccepting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = locale === 'vi' ? agreement.nameVi : agreement.nameEn;
  const headingId = `agreement-${agreement.versionId}-name`;

  const accept = async () => {
    setAccepting(true);
    setFailure(null);
    try {
      await acceptAgreementVersion(agreement.versionId);
      notify('agreements.pending.accepted', { type: 'success', messageArgs: { name } });
      onAccepted();
    } catch (error) {
      setFailure(translate('agreements.pending.failed', { message: error instanceof Error ? error.message : '' }));
      // A newer version may have been published meanwhile: show that one.
      onAccepted();
    } finally {
      setAccepting(false);
    }
  };

  return (
    <Box component="article" aria-labelledby={headingId} sx={{ mt: 2 }} data-testid="pending-agreement">
      <Typography id={headingId} variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {agreement.acceptedBefore
          ? translate('agreements.pending.updated', { number: agreement.versionNumber })
          : translate('agreements.pending.newOne', { number: agreement.versionNumber })}
      </Typography>
      <Box
        role="region"
        aria-labelledby={headingId}
        tabIndex={0}
        sx={{
          mt: 1,
          p: 1.5,
          maxHeight: 320,
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        <Typography component="div" variant="body2">
          {locale === 'vi' ? agreement.bodyVi : agreement.bodyEn}
        </Typography>
      </Box>
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      <Button variant="contained" sx={{ mt: 1 }} disabled={accepting} onClick={() => void accept()} aria-describedby={headingId}>
        {translate('agreements.pending.accept')}
      </Button>
    </Box>
  );
}

/**
 * What the signed-in partner user still has to accept (issue 40): first on Home, where they land after signing in,
 * until each is accepted. Staff are asked nothing, so for them this shows nothing.
 */
export function PendingAgreements() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: PENDING_AGREEMENTS_KEY, queryFn: ({ signal }) => fetchPendingAgreements(signal) });
  if (!data?.length) return null;
  return (
    <Paper
      component="section"
      aria-labelledby="pending-agreements-heading"
      data-testid="pending-agreements"
      sx={{ p: { xs: 2, sm: 3 }, mb: 2, borderLeft: 4, borderColor: 'warning.main' }}
    >
      <Typography id="pending-agreements-heading" variant="h5" component="h2">
        {translate('agreements.pending.heading')}
      </Typography>
      <Typography>{translate('agreements.pending.intro')}</Typography>
      {data.map((agreement) => (
        <PendingAgreement
          key={agreement.versionId}
          agreement={agreement}
          onAccepted={() => void queryClient.invalidateQueries({ queryKey: PENDING_AGREEMENTS_KEY })}
        />
      ))}
    </Paper>
  );
}
