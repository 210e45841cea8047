import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import type { PagedResult } from '../../../../contract/envelope';
import { ticketNumberOf, type TicketDto } from '../../../../contract/tickets';
import { apiPaths } from '../../../config/apiPaths';
import { apiRequest, isAbortError } from '../../../providers/http';
import { mergeTicket } from './ticketMergeApi';

const RESULTS = 8;

/**
 * Open tickets of the source's partner matching the query, the source itself and merged ones left out. The keyword
 * search finds the start of an id and the subject and text alike ("facade" or "20261202" may be either); a number
 * typed as shown ("#1a2b3c4d") loses its "#".
 */
async function candidatesFor(source: TicketDto, query: string, signal: AbortSignal): Promise<TicketDto[]> {
  const q = query.trim().replace(/^#/, '');
  const lookup = q ? { keyword: q } : {};
  const body = { partnerId: source.partnerId, pageNumber: 1, pageSize: RESULTS + 1, orderBy: ['createdAt desc'], ...lookup };
  const { data } = await apiRequest<PagedResult<TicketDto>>(apiPaths.resourceSearch('tickets'), { method: 'POST', body, signal, notify: false });
  return data.items.filter((t) => t.id !== source.id && !t.mergedIntoId && t.status !== 'CLOSED').slice(0, RESULTS);
}

interface TicketMergeDialogProps {
  source: TicketDto;
  open: boolean;
  onClose: () => void;
  /** The merge went through: the page goes to the target. */
  onMerged: (target: TicketDto) => void;
}

/**
 * Picking the ticket a duplicate goes into (issue 25): a search box (id or subject) and the matches as a radio
 * group (arrow keys move, the first match is picked as they arrive), then Merge. Full screen on a phone.
 */
export function TicketMergeDialog({ source, open, onClose, onMerged }: TicketMergeDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  const resultsId = useId();
  const [query, setQuery] = useState('');
  // The matches and the query they answer: while a newer query is out, the old matches are not shown.
  const [found, setFound] = useState<{ query: string; items: TicketDto[] } | null>(null);
  const candidates = found?.query === query ? found.items : null;
  const [chosen, setChosen] = useState('');
  const [merging, setMerging] = useState(false);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    candidatesFor(source, query, controller.signal).then(
      (items) => {
        setFound({ query, items });
        setChosen((current) => (items.some((t) => t.id === current) ? current : (items[0]?.id ?? '')));
      },
      (error: unknown) => {
        if (!isAbortError(error)) setFound({ query, items: [] });
      },
    );
    return () => controller.abort();
  }, [open, source, query]);

  const target = candidates?.find((t) => t.id === chosen);
  const merge = async () => {
    if (!target) return;
    setMerging(true);
    try {
      onMerged(await mergeTicket(source.id, target.id));
    } catch {
      // The refusal was shown as a toast; the dialog stays for another pick.
    } finally {
      setMerging(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={merging ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      fullScreen={phone}
      maxWidth="sm"
      data-testid="ticket-merge-dialog"
    >
      <DialogTitle id={titleId}>{translate('ticketMerge.dialog.title', { number: ticketNumberOf(source.id) })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {translate('ticketMerge.dialog.intro')}
        </Typography>
        <TextField
          autoFocus
          fullWidth
          size="small"
          type="search"
          label={translate('ticketMerge.dialog.search', { partner: source.partnerName })}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          slotProps={{ htmlInput: { 'aria-controls': resultsId, 'data-testid': 'ticket-merge-search' } }}
        />
        <Typography variant="subtitle2" component="h3" id={`${resultsId}-label`} sx={{ mt: 2, mb: 0.5 }}>
          {translate('ticketMerge.dialog.results')}
        </Typography>
        {candidates === null ? (
          <CircularProgress size={24} aria-label={translate('app.loading')} />
        ) : candidates.length === 0 ? (
          <Alert severity="info" data-testid="ticket-merge-none">
            {translate('ticketMerge.dialog.noResults')}
          </Alert>
        ) : (
          <RadioGroup id={resultsId} aria-labelledby={`${resultsId}-label`} value={chosen} onChange={(event) => setChosen(event.target.value)}>
            {candidates.map((ticket) => (
              <FormControlLabel
                key={ticket.id}
                value={ticket.id}
                control={<Radio size="small" />}
                data-testid="ticket-merge-option"
                sx={{ alignItems: 'flex-start', mr: 0, '& .MuiFormControlLabel-label': { pt: 1, overflowWrap: 'anywhere' } }}
                label={
                  <>
                    <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', mr: 1 }}>
                      #{ticketNumberOf(ticket.id)}
                    </Typography>
                    <Typography component="span" variant="body2">
                      {ticket.subject}
                    </Typography>
                  </>
                }
              />
            ))}
          </RadioGroup>
        )}
        <Typography variant="body2" aria-live="polite" sx={{ mt: 2, fontWeight: 500, overflowWrap: 'anywhere' }} data-testid="ticket-merge-selected">
          {target ? translate('ticketMerge.dialog.selected', { number: ticketNumberOf(target.id), subject: target.subject }) : ''}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={merging}>
          {translate('ticketMerge.dialog.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void merge()} disabled={!target || merging} data-testid="ticket-merge-confirm">
          {translate('ticketMerge.dialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
