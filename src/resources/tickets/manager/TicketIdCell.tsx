import ButtonBase from '@mui/material/ButtonBase';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import { showToast } from '../../../notifications/toastStore';
import { copyText } from './copyText';

/** Specification section 9: the manager shows a ticket id's first 8 characters. */
export const SHORT_ID_LENGTH = 8;

export const shortTicketId = (id: string) => (id.length > SHORT_ID_LENGTH ? `${id.slice(0, SHORT_ID_LENGTH)}…` : id);

/** A ticket id, shortened; a click copies the whole id and says so. */
export function TicketIdCell({ id }: { id: string }) {
  const translate = useTranslate();
  const copy = async () => {
    if (await copyText(id)) showToast('success', translate('tickets.manager.idCopied', { id }));
    else showToast('error', translate('tickets.manager.idCopyFailed'));
  };
  return (
    <Tooltip title={translate('tickets.manager.copyId', { id })}>
      <ButtonBase
        onClick={() => void copy()}
        aria-label={translate('tickets.manager.copyId', { id })}
        data-testid="ticket-id"
        data-id={id}
        sx={{ fontFamily: 'monospace', fontSize: 13, px: 0.5, borderRadius: 0.5, color: 'primary.main', '&:hover': { bgcolor: 'action.hover' } }}
      >
        {shortTicketId(id)}
      </ButtonBase>
    </Tooltip>
  );
}
