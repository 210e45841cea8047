import { useEffect, useRef } from 'react';

const OUT_OF_SIGHT = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * A polite live region, out of sight, saying `message`. The text goes in after the region is on the page: a region
 * that appears with its text already in it is not read by every screen reader.
 */
export function PoliteStatus({ message }: { message: string }) {
  const region = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (region.current) region.current.textContent = message;
  }, [message]);
  return <span ref={region} role="status" aria-live="polite" style={OUT_OF_SIGHT} data-testid="polite-status" />;
}
