/** Leaving the portal for another site's page (an identity provider's sign-out); an object so tests can watch it. */
export const leavePage = {
  to(address: string) {
    window.location.assign(address);
  },
};
