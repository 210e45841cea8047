import { http, HttpResponse } from 'msw';
import { HUB_PATH } from '../contract/realtime';

/**
 * The component tests have no hub: negotiate answers a negotiate error, as the SignalR protocol allows, so
 * the realtime client fails to start at once (and shows Disconnected) instead of reaching for the network.
 * Tests of the realtime client replace the HubConnection itself.
 */
export const realtimeHandlers = [http.post(`${HUB_PATH}/negotiate`, () => HttpResponse.json({ error: 'There is no realtime hub in the component tests.' }))];
