import { useMemo } from 'react';
import Box, { type BoxProps } from '@mui/material/Box';
import { sanitizeHtml } from './safeHtml';

/** Stored HTML (a ticket's description, a chat message): sanitised (DOMPurify) before it reaches the page. */
export function SafeHtml({ html, ...boxProps }: { html: string } & Omit<BoxProps, 'children' | 'dangerouslySetInnerHTML'>) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Box
      {...boxProps}
      // Sanitised just above; the only place stored HTML is shown.
      dangerouslySetInnerHTML={{ __html: clean }}
      sx={[{ wordBreak: 'break-word', '& p': { my: 0.5 }, '& ul, & ol': { my: 0.5, pl: 3 } }, ...(Array.isArray(boxProps.sx) ? boxProps.sx : [boxProps.sx])]}
    />
  );
}
