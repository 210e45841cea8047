/** Merging tickets and rating them (issue 25, points 7 and 8): the ticket page, the chat line, staff Home, the server's answers. */
export default {
  ticketMerge: {
    intoItself: 'A ticket cannot be merged into itself',
    targetNotFound: 'No ticket of the same partner has this id',
    sourceMerged: 'This ticket was merged into another one; it stays closed',
    targetMerged: 'That ticket was itself merged into another one: merge into that one instead',
    targetClosed: 'That ticket is closed: reopen it first, or pick another one',
    merged: 'Ticket merged',
    notifications: {
      merged: { title: 'Tickets merged', message: 'Ticket #%{source} was merged into ticket #%{target} "%{subject}"' },
    },
    line: 'Ticket #%{number} “%{subject}” was merged into this one',
    notice: 'Ticket #%{number} was merged into this one',
    action: 'Merge into…',
    dialog: {
      title: 'Merge ticket #%{number} into another',
      intro: 'Its messages, internal notes and files move to the ticket you pick; this ticket is closed and leads there. The partner is told.',
      search: 'Find a ticket of %{partner} by id or subject',
      results: 'Tickets to merge into',
      noResults: 'No other open ticket of this partner matches.',
      selected: 'Into #%{number} “%{subject}”',
      confirm: 'Merge',
      cancel: 'Cancel',
    },
  },
  ticketRatings: {
    staffCannotRate: 'Only a user of the ticket’s partner rates it',
    notResolved: 'A ticket can be rated once support has resolved it',
    alreadyRated: 'This ticket was already rated',
    rated: 'Thank you for your rating',
    score: '%{score} out of 5',
    star: '1 star |||| %{smart_count} stars',
    card: {
      title: 'How did we do?',
      intro: 'Rate how this ticket was handled. You can rate it once.',
      scoreLabel: 'Your rating',
      comment: 'Comment (optional)',
      submit: 'Send rating',
      chooseScore: 'Pick 1 to 5 stars',
    },
    shown: {
      title: 'Partner rating',
      by: 'Rated by %{name}, %{date}',
    },
    home: {
      title: 'Satisfaction',
      average: '%{average} / 5',
      count: '1 rating in the last %{days} days |||| %{smart_count} ratings in the last %{days} days',
      none: 'No ratings in the last %{days} days',
    },
  },
};
