import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormQuestion } from '../../../contract/forms';

/** A heading holding child questions: a fieldset named by the group's label. */
export function GroupQuestion({ question, children }: { question: FormQuestion; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: { xs: 1.5, sm: 2 }, pb: 2, pt: 0.5, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, px: 0.5 }}>
        {question.label}
      </Typography>
      {question.help && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {question.help}
        </Typography>
      )}
      <Stack spacing={2.5} sx={{ mt: 1 }}>
        {children}
      </Stack>
    </Box>
  );
}
