/**
 * Set while the signed-in user's role requires a second factor they have not set up: the app shows the setup first.
 * Apart from the rest of the sign-in's second factor, so the app's entry reads it without the HTTP client.
 */
const SETUP_PENDING_KEY = 'portal.secondFactorSetup';

export const secondFactorSetupPending = () => localStorage.getItem(SETUP_PENDING_KEY) === '1';

export function markSecondFactorSetup(pending: boolean) {
  if (pending) localStorage.setItem(SETUP_PENDING_KEY, '1');
  else localStorage.removeItem(SETUP_PENDING_KEY);
}
