import { useEffect, useMemo } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ResourceChangedMessage } from '../../contract/realtime';
import { toApiResource } from '../providers/data/apiResources';
import { useHubEvent } from './hooks';

/** Changes arriving within this window are one refresh (a bulk delete announces each of its rows). */
const COALESCE_MS = 50;

/**
 * The query's list meta naming another resource whose announced changes it follows (partner users follow `users`),
 * or several (Home's dashboard follows tickets, forms and files).
 */
export interface LiveResourceMeta {
  liveResource?: string | readonly string[];
}

/** The resources the server announces changes of for a react-admin query: its `meta.liveResource`, else its API path. */
function announcedResourcesOf([resource, , params]: QueryKey): readonly string[] {
  if (typeof resource !== 'string') return [];
  const live = (params as { meta?: LiveResourceMeta } | undefined)?.meta?.liveResource;
  if (typeof live === 'string') return [live];
  return Array.isArray(live) ? live : [toApiResource(resource)];
}

/**
 * The one path from a hub `ResourceChanged` to a refetch: the react-admin queries of that resource are marked
 * stale, so those on screen refetch once (however many changes came together) and the others when next shown.
 */
export function createResourceChangeApplier(queryClient: QueryClient) {
  const changed = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** A Resync came: everything refetches, not only the changed resources. */
  let everything = false;
  const flush = () => {
    timer = undefined;
    const resources = new Set(changed);
    changed.clear();
    if (everything) {
      everything = false;
      void queryClient.invalidateQueries();
      return;
    }
    void queryClient.invalidateQueries({ predicate: ({ queryKey }) => announcedResourcesOf(queryKey).some((name) => resources.has(name)) });
  };
  return {
    apply(change: ResourceChangedMessage) {
      changed.add(change.resource);
      timer ??= setTimeout(flush, COALESCE_MS);
    },
    /** Messages may have been lost (Resync): every query is marked stale, so what is on screen refetches once. */
    resync() {
      everything = true;
      timer ??= setTimeout(flush, COALESCE_MS);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      changed.clear();
      everything = false;
    },
  };
}

/**
 * Refetches the lists and records on screen when the hub announces a change of their resource, and all of them once
 * on a Resync (the signed-in layout).
 */
export function useRefetchOnResourceChanged() {
  const queryClient = useQueryClient();
  const applier = useMemo(() => createResourceChangeApplier(queryClient), [queryClient]);
  useEffect(() => () => applier.stop(), [applier]);
  useHubEvent('ResourceChanged', (change) => applier.apply(change));
  useHubEvent('Resync', () => applier.resync());
}
