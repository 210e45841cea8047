/** Server messages of validation rules and onboarding rules, and the onboarding mail and notifications. Top-level key: `formRulesApi` only. */
export default {
  formRulesApi: {
    nameTaken: 'Another validation rule already has this name',
    ruleInUse: 'This rule is used by Ready forms and cannot be deleted: %{forms}',
    noSourceOnCreation: 'A rule that fires when a partner is created has no source form',
    sameSourceAndTarget: 'The form to assign must differ from the submitted form',
    unknownDefinition: 'No such form',
    duplicateRule: 'This onboarding rule already exists',
    patternTooLarge:
      'This pattern compiles to more than %{max} instructions, too many to check answers quickly: use fewer or smaller counted repetitions such as {1000}',
    patternTooCostly:
      'This pattern is too large to check answers of this length quickly: set a maximum length of at most %{max}, or use fewer or smaller counted repetitions such as {1000}',
  },
};
