import { createContext, useContext, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';

export const MAIN_CONTENT_ID = 'main-content';
/** Where a page's own skip links go: right after "Skip to main content", before the navigation. */
const PageSkipLinksSlot = createContext<HTMLElement | null>(null);

/** A link hidden until focused that moves the focus to the element with `targetId`. */
function SkipAnchor({ targetId, label, testId }: { targetId: string; label: string; testId: string }) {
  return (
    <Box
      component="a"
      href={`#${targetId}`}
      data-testid={testId}
      onClick={(event) => {
        event.preventDefault();
        // Focusing scrolls the target into view; the address keeps no #fragment for the router to see.
        document.getElementById(targetId)?.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 600,
        textDecoration: 'none',
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: '3px solid', outlineColor: 'primary.contrastText', outlineOffset: -5 },
      }}
    >
      {label}
    </Box>
  );
}

/**
 * "Skip to main content": the first thing Tab reaches, hidden until focused, moving the focus to <main> so
 * keyboard users do not walk through the whole navigation on every page. The page's own skip links (in
 * `children`, through `PageSkipLink`) follow it.
 */
export function SkipLink({ children }: { children?: ReactNode }) {
  const translate = useTranslate();
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  return (
    <>
      <SkipAnchor targetId={MAIN_CONTENT_ID} label={translate('app.skipToContent')} testId="skip-link" />
      <div ref={setSlot} />
      <PageSkipLinksSlot.Provider value={slot}>{children}</PageSkipLinksSlot.Provider>
    </>
  );
}

/** A page's skip link to a control deep in it (the reply box, the first flag), placed after "Skip to main content". */
export function PageSkipLink({ targetId, label, testId }: { targetId: string; label: string; testId: string }) {
  const slot = useContext(PageSkipLinksSlot);
  return slot ? createPortal(<SkipAnchor targetId={targetId} label={label} testId={testId} />, slot) : null;
}
