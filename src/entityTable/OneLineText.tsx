import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';

/** Cards (phones) let text marked with this class wrap: they have the room the table's one-line rows have not. */
export const ONE_LINE_CLASS = 'one-line-text';

/** Makes every one-line text inside wrap again (on a card, where rows have no common height). */
export const wrapOneLineText = { [`& .${ONE_LINE_CLASS}`]: { whiteSpace: 'normal', overflow: 'visible' } } as const;

interface OneLineTextProps {
  /** The whole text; a tooltip shows it when the line is cut. */
  text: string;
  /** What the line shows when it is more than the text (e.g. the text followed by a note). */
  children?: ReactNode;
  /** The tooltip when the cut line hides more than `text` says. */
  title?: ReactNode;
}

/**
 * One line of a table cell, cut with an ellipsis so every row keeps one height. A cut line can take the
 * keyboard focus and then shows the whole text in a tooltip, as it does under the pointer; screen readers read
 * the whole text from the page.
 */
export function OneLineText({ text, children, title }: OneLineTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setCut(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);
  // Always the same tree (an empty title shows no tooltip), so the measured element outlives a change of `cut`.
  return (
    <Tooltip title={cut ? (title ?? text) : ''} describeChild>
      <Box
        component="span"
        ref={ref}
        className={ONE_LINE_CLASS}
        tabIndex={cut ? 0 : undefined}
        data-testid="one-line-text"
        data-cut={cut || undefined}
        sx={{ display: 'block', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {children ?? text}
      </Box>
    </Tooltip>
  );
}
