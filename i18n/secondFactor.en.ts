/**
 * The second factor's screens (the sign-in's code step, the forced setup, the Security tab's card): loaded with their
 * own lazy chunks, so the sign-in bundle carries none of it.
 */
export default {
  secondFactor: {
    step: {
      title: 'Two-step verification',
      totpIntro: 'Enter the 6-digit code your authenticator app shows for Partner Portal.',
      recoveryIntro: 'Enter one of your recovery codes. Each works once.',
      code: 'Code',
      recoveryCode: 'Recovery code',
      submit: 'Verify',
      useRecovery: 'Use a recovery code',
      useTotp: 'Use the authenticator app',
      orPasskey: 'Or use a passkey',
      startOver: 'Start over',
    },
    card: {
      title: 'Authenticator app',
      onChip: 'On',
      off: 'Off. Add a code from an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) to every sign-in.',
      on: 'On: every sign-in asks for a code from your authenticator app.',
      requiredNote: 'Your role requires a second factor, so it cannot be turned off.',
      recoveryLeft: '%{count} recovery codes left',
      enable: 'Set up',
      regenerate: 'New recovery codes',
      turnOff: 'Turn off',
      cancel: 'Cancel',
      confirmWithCode: 'Enter a current code from your authenticator app to go on.',
      loadFailed: 'Could not load your second factor. Try again later.',
    },
    setup: {
      title: 'Set up two-step verification',
      requiredIntro: 'Your role requires a second factor. Set up an authenticator app to go on.',
      scan: 'Scan this QR code with your authenticator app, or type the key below into it.',
      qrAlt: 'QR code to add Partner Portal to an authenticator app',
      secretLabel: 'Key',
      code: 'Code from the app',
      confirm: 'Turn on',
      signOut: 'Sign out',
    },
    reset: {
      button: 'Reset second factor',
      title: 'Reset this user’s second factor?',
      content: 'Their authenticator app and recovery codes stop working at once, and they are told by mail. They set up a new one at their next sign-in.',
    },
    codes: {
      title: 'Your recovery codes',
      intro: 'Each code signs you in once if you lose your phone. They are shown only now: copy or download them and keep them somewhere safe.',
      shown: 'Two-step verification is on. Your recovery codes are below, shown only now: save them before you go on.',
      copy: 'Copy',
      copied: 'Copied',
      download: 'Download',
      done: 'I have saved them',
      listLabel: 'Recovery codes',
    },
    codeFormat: 'Enter the 6 digits your authenticator app shows',
    required: 'Enter the code',
  },
};
