/** Due dates of partner forms (issue 24): the assign dialog, onboarding rules, the lists and Home. Top-level key: `dueDates` only. */
export default {
  dueDates: {
    label: 'Due date',
    assignHelp: 'Optional. The partner is reminded before and after it.',
    dueOn: 'Due %{date}',
    overdue: 'Overdue: was due %{date}',
    overdueShort: 'Overdue · %{date}',
    none: 'No due date',
    column: 'Due',
    filterOverdue: 'Overdue',
    filterAll: 'Any due date',
    filterNotOverdue: 'Not overdue',
    ruleDays: 'Due after (days)',
    ruleDaysHelp: 'Optional: the form is due this many days after it is assigned (1 to %{max}).',
    ruleDaysText: 'due %{smart_count} day after assignment |||| due %{smart_count} days after assignment',
  },
};
