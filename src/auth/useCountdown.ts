import { useEffect, useEffectEvent, useState } from 'react';

/** Counts down whole seconds from `from`, then calls `onDone` once. */
export function useCountdown(from: number, onDone: () => void): number {
  const [seconds, setSeconds] = useState(from);
  const done = useEffectEvent(onDone);

  useEffect(() => {
    if (seconds <= 0) {
      done();
      return;
    }
    const timer = setTimeout(() => setSeconds((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  return seconds;
}
