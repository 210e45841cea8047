import type { QueryClient } from '@tanstack/react-query';
import type { ResourceChangedMessage } from '../../contract/realtime';
import { announceResourceChanged } from '../entityTable/useRefreshOnResourceChanged';
import { toApiResource } from '../providers/data/apiResources';

/**
 * A committed change somebody made (hub `ResourceChanged`): the window event the lists listen to, and every
 * react-admin query of the same API resource marked stale, so the ones on screen refetch.
 */
export function applyResourceChange(queryClient: QueryClient, change: ResourceChangedMessage) {
  announceResourceChanged({ resource: change.resource, id: change.id, action: change.action });
  void queryClient.invalidateQueries({
    predicate: ({ queryKey }) => typeof queryKey[0] === 'string' && toApiResource(queryKey[0]) === change.resource,
  });
}
