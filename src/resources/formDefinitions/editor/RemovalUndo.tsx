import Close from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import { useTranslate } from 'react-admin';
import type { Removed } from './sectionsDraft';

interface RemovalUndoProps {
  removed: Removed;
  onUndo: () => void;
  onClose: () => void;
}

/**
 * "Question removed · Undo" after a removal. It stays until closed or replaced by the next removal (no time
 * limit to act in), and takes focus: the menu the removal was chosen from went with the removed item.
 */
export function RemovalUndo({ removed, onUndo, onClose }: RemovalUndoProps) {
  const translate = useTranslate();
  const message =
    removed.kind === 'question'
      ? translate('formBuilder.removed.question', { label: removed.question.label || translate('formBuilder.questions.untitled') })
      : translate('formBuilder.removed.section', { label: removed.section.title || translate('formBuilder.sections.untitled') });
  return (
    <Snackbar
      open
      onClose={(_, reason) => reason === 'escapeKeyDown' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={message}
      data-testid="removal-undo"
      action={
        <>
          <Button color="inherit" size="small" onClick={onUndo} autoFocus data-testid="removal-undo-button" sx={{ fontWeight: 700 }}>
            {translate('formBuilder.removed.undo')}
          </Button>
          <IconButton color="inherit" size="small" onClick={onClose} aria-label={translate('formBuilder.removed.close')}>
            <Close fontSize="small" />
          </IconButton>
        </>
      }
    />
  );
}
