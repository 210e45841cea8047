import { SafeHtml } from '../../../components/richText/SafeHtml';

/** Specification section 9: the description column holds one line at most 350px wide. */
export const DESCRIPTION_MAX_WIDTH = 350;

/** A description in the table: sanitised HTML flattened to one clamped line (its blocks shown inline). */
export function TicketDescriptionCell({ html }: { html: string }) {
  return (
    <SafeHtml
      html={html}
      data-testid="ticket-description-cell"
      sx={{
        maxWidth: DESCRIPTION_MAX_WIDTH,
        display: '-webkit-box',
        WebkitLineClamp: 1,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        whiteSpace: 'normal',
        typography: 'body2',
        '& *': { display: 'inline', m: 0, p: 0, fontSize: 'inherit' },
        '& li + li::before, & p + p::before, & div + div::before': { content: '" "' },
      }}
    />
  );
}
