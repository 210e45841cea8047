import { useEffect, useEffectEvent, useState } from 'react';

export type TokenState = 'verifying' | 'valid' | 'invalid';

/** Checks a mailed token once on arrival; any failure means the link cannot be used. */
export function useTokenVerification(verify: (() => Promise<unknown>) | null): TokenState {
  const [state, setState] = useState<TokenState>(verify ? 'verifying' : 'invalid');
  // The link's token is checked once on arrival, not again when `verify` is rebuilt by a render.
  const verifyOnArrival = useEffectEvent(() => verify?.());
  useEffect(() => {
    const verifying = verifyOnArrival();
    if (!verifying) return;
    let current = true;
    verifying.then(
      () => current && setState('valid'),
      () => current && setState('invalid'),
    );
    return () => {
      current = false;
    };
  }, []);
  return state;
}
