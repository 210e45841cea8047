import { useState, type Dispatch, type SetStateAction } from 'react';

const same = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/**
 * State that starts over from `initial()` whenever one of `resetOn` changes, during the render that sees the
 * change (React's "adjusting some state when a prop changes"): an effect would first paint the stale state.
 */
export function useStateResetOn<T>(resetOn: readonly unknown[], initial: () => T): [T, Dispatch<SetStateAction<T>>] {
  const [state, setState] = useState(initial);
  const [seen, setSeen] = useState(resetOn);
  if (!same(seen, resetOn)) {
    setSeen(resetOn);
    setState(initial());
  }
  return [state, setState];
}
