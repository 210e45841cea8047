import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import type { FormQuestion } from '../../../../contract/forms';
import { chosenSide, mergeRows, mergeVersions, type MergeRow, type MergeSide, type QuestionPart, type VersionDraft } from './versionMerge';

interface MergeDialogProps {
  /** The version the user opened, their draft, and the version another admin saved since. */
  base: VersionDraft;
  mine: VersionDraft;
  theirs: VersionDraft;
  busy: boolean;
  onCancel: () => void;
  onSave: (merged: VersionDraft) => void;
}

const PART_LABELS: Record<QuestionPart, string> = {
  type: 'formBuilder.questions.type',
  label: 'formBuilder.questions.label',
  help: 'formBuilder.questions.help',
  required: 'formBuilder.questions.required',
  options: 'formBuilder.questions.options',
  ruleId: 'formBuilder.questions.rule',
  limits: 'formBuilder.limits.title',
  condition: 'formBuilder.condition.title',
};

/**
 * The 412 dialog: each difference between the user's draft and the version saved meanwhile, "keep mine" or
 * "take theirs" each (preset to the side that changed it), then the merged draft saved over the current version.
 */
export function MergeDialog({ base, mine, theirs, busy, onCancel, onSave }: MergeDialogProps) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const rows = useMemo(() => mergeRows(base, mine, theirs), [base, mine, theirs]);
  const [choices, setChoices] = useState<ReadonlyMap<string, MergeSide>>(new Map());
  const choose = (id: string, side: MergeSide) => setChoices((current) => new Map(current).set(id, side));

  const questionText = (question: FormQuestion) =>
    [
      question.label || translate('formBuilder.questions.untitled'),
      translate(`formBuilder.types.${question.type}`),
      question.required ? translate('formBuilder.questions.requiredMark') : null,
      question.options.length ? question.options.join(', ') : null,
    ]
      .filter(Boolean)
      .join(' · ');
  const sideText = (row: MergeRow, side: MergeSide): string => {
    const value = row[side];
    if (value === null) return translate(row.kind === 'section' ? 'formBuilder.conflict.noSection' : 'formBuilder.conflict.absent');
    if (row.kind === 'field') return (value as string) || translate('formBuilder.conflict.empty');
    if (row.kind === 'section') return (value as VersionDraft['sections'][number]).title || translate('formBuilder.sections.untitled');
    return questionText(value as FormQuestion);
  };
  const titleOf = (row: MergeRow) => {
    if (row.kind === 'field') return translate(`formBuilder.fields.${row.key}`);
    if (row.kind === 'section')
      return translate('formBuilder.conflict.section', { label: (row.mine ?? row.theirs)!.title || translate('formBuilder.sections.untitled') });
    return translate('formBuilder.conflict.question', { label: (row.mine ?? row.theirs)!.label || translate('formBuilder.questions.untitled') });
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby="form-merge-title"
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      data-testid="form-conflict"
    >
      <DialogTitle id="form-merge-title">{translate('formBuilder.conflict.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{translate(rows.length ? 'formBuilder.conflict.body' : 'formBuilder.conflict.same')}</Typography>
        <Stack spacing={2}>
          {rows.map((row) => {
            const legendId = `merge-${row.id}`;
            return (
              <FormControl key={row.id} component="fieldset" data-testid="merge-row" data-id={row.id} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
                <FormLabel component="legend" id={legendId} sx={{ color: 'text.primary', fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {titleOf(row)}
                </FormLabel>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {translate('formBuilder.conflict.changes', {
                    mine: translate(`formBuilder.conflict.mine.${row.mineChange}`),
                    theirs: translate(`formBuilder.conflict.theirs.${row.theirChange}`),
                  })}
                  {row.kind === 'question' &&
                    row.parts.length > 0 &&
                    ` · ${translate('formBuilder.conflict.parts', { parts: row.parts.map((part) => translate(PART_LABELS[part])).join(', ') })}`}
                </Typography>
                <RadioGroup aria-labelledby={legendId} value={chosenSide(row, choices)} onChange={(event) => choose(row.id, event.target.value as MergeSide)}>
                  <FormControlLabel
                    value="mine"
                    control={<Radio size="small" slotProps={{ input: { 'data-testid': 'merge-mine' } as object }} />}
                    label={translate('formBuilder.conflict.keepMine', { value: sideText(row, 'mine') })}
                    sx={{ overflowWrap: 'anywhere' }}
                  />
                  <FormControlLabel
                    value="theirs"
                    control={<Radio size="small" slotProps={{ input: { 'data-testid': 'merge-theirs' } as object }} />}
                    label={translate('formBuilder.conflict.takeTheirs', { value: sideText(row, 'theirs') })}
                    sx={{ overflowWrap: 'anywhere' }}
                  />
                </RadioGroup>
              </FormControl>
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy} color="inherit" data-testid="form-conflict-cancel">
          {translate('formBuilder.conflict.cancel')}
        </Button>
        <Button onClick={() => onSave(mergeVersions(mine, theirs, rows, choices))} disabled={busy} variant="contained" data-testid="form-conflict-save">
          {translate('formBuilder.conflict.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
