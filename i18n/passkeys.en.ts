/**
 * Passkeys (issue 26, point 2): the server's answers and the Security tab's card. Apart from app.*: the sign-in
 * pages' catalogue stays small (their bundle budget); the sign-in page's one button is under app.auth.signIn.
 */
export default {
  passkeys: {
    responseInvalid: 'The passkey answer is not valid',
    registrationRefused: 'This passkey could not be added: start again from "Add a passkey"',
    alreadyEnrolled: 'This passkey is already added',
    notFound: 'The passkey was not found',
    tooMany: 'An account can have at most %{max} passkeys: remove one first',
    added: 'The passkey was added',
    renamed: 'The passkey was renamed',
    removed: 'The passkey was removed',
    signInRefused: 'This passkey could not sign you in',
    card: {
      title: 'Passkeys',
      intro: 'Sign in with your fingerprint, face or screen lock, or a security key, instead of typing your password.',
      empty: 'You have no passkeys yet.',
      add: 'Add a passkey',
      name: 'Name',
      nameHint: 'So you can tell it apart, e.g. "Work laptop" or "Phone"',
      defaultName: 'Passkey',
      continue: 'Continue',
      cancel: 'Cancel',
      save: 'Save',
      created: 'Added %{date}',
      lastUsed: 'last used %{date}',
      neverUsed: 'never used',
      rename: 'Rename',
      renameTitle: 'Rename the passkey',
      remove: 'Remove',
      removeTitle: 'Remove the passkey "%{name}"?',
      removeText: 'You will no longer be able to sign in with it. The passkey stays on your device until you delete it there.',
      actions: 'Actions for %{name}',
      cancelled: 'The passkey was not added: the request was cancelled or timed out',
      unsupported: 'This browser cannot use passkeys',
      loading: 'Loading passkeys…',
    },
  },
};
