import { realtime } from '../../../realtime/realtime';
import { postOutgoingMessage } from '../ticketApi';
import { createOutbox } from './outbox';

/**
 * The app's one chat outbox: it outlives the chat screen, so a message written offline is sent when the
 * connection comes back even if its writer has moved on to another page.
 */
export const ticketOutbox = createOutbox({
  post: postOutgoingMessage,
  isOnline: () => navigator.onLine !== false,
});

realtime.onConnected(() => void ticketOutbox.flush());
window.addEventListener('online', () => void ticketOutbox.flush());
