import type { ServerMessages, ServerMethod } from '../../contract/realtime';
import type { HubAudience } from './audience';

/** What a domain's relay needs of the hub: sending to groups, and whether a user is connected to any instance. */
export interface RelayHub {
  sendToGroups<M extends ServerMethod>(groups: string[], method: M, payload: ServerMessages[M], audience?: HubAudience): void;
  isUserOnlineAnywhere(userId: string): Promise<boolean>;
}
