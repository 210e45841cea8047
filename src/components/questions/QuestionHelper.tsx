import Box from '@mui/material/Box';

/** Under an input: the question's help, then its error or else its rule's suggest text (the hint). */
export function QuestionHelper({ help, hint, error }: { help: string; hint?: string; error: string | null }) {
  const message = error ?? hint;
  if (!help && !message) return null;
  return (
    <>
      {help && (
        <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
          {help}
        </Box>
      )}
      {message && (
        <Box component="span" sx={{ display: 'block' }} data-question-message={error ? 'error' : 'hint'}>
          {message}
        </Box>
      )}
    </>
  );
}
