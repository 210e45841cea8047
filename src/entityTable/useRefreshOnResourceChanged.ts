import { useEffect, useEffectEvent } from 'react';
import type { ChangeAction } from '../../contract/realtime';

/** The window event the realtime client (src/realtime) dispatches for each `ResourceChanged` message of the hub. */
export const RESOURCE_CHANGED_EVENT = 'portal:resource-changed';

export interface ResourceChangedDetail {
  resource: string;
  id: string;
  action: ChangeAction;
}

/** Lets the realtime client (or a test) announce a change to whatever list shows `resource`. */
export function announceResourceChanged(detail: ResourceChangedDetail) {
  window.dispatchEvent(new CustomEvent<ResourceChangedDetail>(RESOURCE_CHANGED_EVENT, { detail }));
}

/**
 * Calls `refetch` when someone changes a row of `resource`: the live-list seam between the realtime client
 * and every list. Changes arriving together cause one refetch.
 */
export function useRefreshOnResourceChanged(resource: string, refetch: (change: ResourceChangedDetail) => void) {
  const refetchNow = useEffectEvent(refetch);
  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | undefined;
    const onChanged = (event: Event) => {
      const detail = (event as CustomEvent<ResourceChangedDetail>).detail;
      if (!detail || detail.resource !== resource) return;
      clearTimeout(pending);
      pending = setTimeout(() => refetchNow(detail), 50);
    };
    window.addEventListener(RESOURCE_CHANGED_EVENT, onChanged);
    return () => {
      clearTimeout(pending);
      window.removeEventListener(RESOURCE_CHANGED_EVENT, onChanged);
    };
  }, [resource]);
}
