/**
 * A read-only answer (a submitted form, or a question not flagged in a returned one) must not look like a field to
 * type in: muted text on a grey fill with a dashed border. Still readable and focusable (not `disabled`): text.secondary
 * on the fill keeps over 5:1 contrast.
 */
export const READ_ONLY_INPUT = {
  readOnly: true,
  sx: { color: 'text.secondary', bgcolor: 'action.hover', '&::before': { borderBottomStyle: 'dashed' } },
  slotProps: { notchedOutline: { sx: { borderStyle: 'dashed' } } },
};
