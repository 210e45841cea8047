import { useLayoutEffect, useState, type RefObject } from 'react';
import { hasPrerendered, takeOverPrerendered } from './prerenderedSignIn';

/**
 * Takes over the prerendered sign-in form when the app's form mounts, before the browser paints: the person's typing,
 * focus and caret carry over and the prerendered copy goes without a flicker. True when there is one to take over:
 * the form must not autofocus then, the person's focus is where it goes.
 */
export function usePrerenderedHandoff(formRef: RefObject<HTMLFormElement | null>, adopt: (typed: Record<string, string>) => void): boolean {
  const [takingOver] = useState(hasPrerendered);
  useLayoutEffect(() => {
    if (!formRef.current) return;
    const typed = takeOverPrerendered(formRef.current);
    if (typed) adopt(typed);
    // Once, at mount: the prerendered copy is gone after.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return takingOver;
}
