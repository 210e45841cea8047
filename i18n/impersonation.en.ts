/** Impersonation for support (issue 26, point 5): the server's messages and notification, the dialog and the banner. Top-level key: `impersonation` only. */
export default {
  impersonation: {
    started: 'You are now signed in as this user.',
    ended: 'The impersonation has ended.',
    expired: 'The impersonation has reached its time limit.',
    withdrawn: 'The impersonation has ended: its impersonator may no longer impersonate.',
    notImpersonating: 'This sign-in is not an impersonation.',
    notWhileImpersonating: 'Not while impersonating: passwords, second factors, passkeys and sign-ins can only be changed by the user themselves.',
    notYourself: 'You cannot impersonate yourself.',
    outranked: 'You can only impersonate users whose role ranks below yours.',
    inactiveUser: 'Only an active user can be impersonated.',
    partnerRefused: "A partner's user cannot impersonate anyone.",
    partnerRole: "This permission is for staff only: it cannot be given to a role held by a partner's users.",
    notification: {
      title: 'Someone from support signed in as you',
      message: '%{impersonator} signed in as you until %{endsAt}. Reason: %{reason}',
    },
    action: 'Impersonate',
    dialog: {
      title: 'Impersonate %{name}',
      intro: 'You will see the portal as this user sees it. They are told, and every request you make is audited with both your names.',
      reason: 'Reason',
      reasonHelp: 'Why you need to act as this user (they will see it)',
      minutes: 'Time limit (minutes)',
      minutesHelp: 'At most %{max} minutes',
      start: 'Start impersonating',
      cancel: 'Cancel',
    },
    banner: {
      label: 'Impersonation',
      /** The one acting is the impersonator: "Ada (support) is signed in as Bình". */
      text: '%{impersonator} (support) is signed in as %{user}',
      endsAt: 'ends at %{time}',
      return: 'Return to my account',
      returning: 'Returning…',
      timeUp: 'The impersonation reached its time limit: you are back in your own account.',
    },
  },
};
