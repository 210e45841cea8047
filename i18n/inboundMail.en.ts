/** Replies by mail into tickets (issue 38): what a refused reply's sender is told. */
export default {
  inboundMail: {
    bounce: {
      subject: 'Your reply was not added: %{subject}',
      body: 'Hello,\n\nYour mail "%{subject}" was not added to the ticket: %{reason}\n\nYou can write in the ticket\'s chat in the portal: %{link}\n\nThis is an automatic message; a reply to it goes nowhere.',
    },
    reasons: {
      expired: 'the address you replied to has expired.',
      notRecipient: 'it did not come from an address that may reply to this ticket.',
      notAllowed: 'your account may not write in this ticket.',
      closed: 'the ticket is closed.',
      empty: 'it holds no text and no file.',
      file: 'a file was refused (%{problem}).',
      note: 'only staff may leave internal notes.',
    },
  },
};
