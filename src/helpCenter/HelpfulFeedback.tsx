import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { HELP_FEEDBACK_COMMENT_MAX, type HelpLanguage } from '../../contract/helpCenter';
import { sendHelpFeedback } from './helpCenterApi';

/** "Was this helpful?" under an article: yes or no, an optional comment, sent once per reading. */
export function HelpfulFeedback({ slug, language }: { slug: string; language: HelpLanguage }) {
  const translate = useTranslate();
  const [helpful, setHelpful] = useState<boolean | null>(null);
  const [comment, setComment] = useState('');
  const [state, setState] = useState<'asking' | 'sending' | 'sent' | 'failed'>('asking');

  if (state === 'sent') {
    return (
      <Typography role="status" sx={{ mt: 3 }} data-testid="help-feedback-thanks">
        {translate('helpCenter.feedback.thanks')}
      </Typography>
    );
  }

  const send = async () => {
    if (helpful === null) return;
    setState('sending');
    try {
      await sendHelpFeedback(slug, { helpful, language, comment: comment.trim() });
      setState('sent');
    } catch {
      setState('failed');
    }
  };

  return (
    <Stack component="section" aria-labelledby="help-feedback-question" spacing={1.5} sx={{ mt: 4, maxWidth: 560 }}>
      <Typography id="help-feedback-question" variant="subtitle1" component="h2">
        {translate('helpCenter.feedback.question')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={helpful}
        onChange={(_, value: boolean | null) => setHelpful(value)}
        aria-labelledby="help-feedback-question"
        size="small"
      >
        <ToggleButton value={true}>{translate('helpCenter.feedback.yes')}</ToggleButton>
        <ToggleButton value={false}>{translate('helpCenter.feedback.no')}</ToggleButton>
      </ToggleButtonGroup>
      {helpful !== null && (
        <>
          <TextField
            label={translate('helpCenter.feedback.comment')}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: HELP_FEEDBACK_COMMENT_MAX } }}
          />
          <div>
            <Button variant="contained" onClick={() => void send()} disabled={state === 'sending'}>
              {translate('helpCenter.feedback.send')}
            </Button>
          </div>
        </>
      )}
      {state === 'failed' && (
        <Typography role="alert" color="error">
          {translate('helpCenter.feedback.failed')}
        </Typography>
      )}
    </Stack>
  );
}
