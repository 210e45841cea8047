/** Texts of the builder's conditions: groups joined by AND / OR, comparisons, and the condition read as a sentence. Top-level key: `formConditions` only. */
export default {
  formConditions: {
    operators: {
      lt: 'is less than',
      lte: 'is at most',
      gt: 'is greater than',
      gte: 'is at least',
    },
    group: {
      join: 'Show when',
      and: 'all of these hold',
      or: 'any of these holds',
      label: 'Group of conditions',
      addCondition: 'Add a condition',
      addGroup: 'Add a group',
      addAnother: 'Add another condition',
      atLimit: 'At most %{count} conditions; a group inside a group holds conditions only',
    },
    sentence: {
      shownWhen: 'Shown when %{condition}',
      single: '“%{question}” %{operator} %{value}',
      and: 'and',
      or: 'or',
      yes: 'yes',
      no: 'no',
      noValue: '…',
    },
  },
};
