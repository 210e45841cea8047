/** Server messages of validation rules and onboarding rules, and the onboarding mail and notifications. Top-level key: `formRulesApi` only. */
export default {
  formRulesApi: {},
};
