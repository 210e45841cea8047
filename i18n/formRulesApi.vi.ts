/** Server messages of validation rules and onboarding rules, and the onboarding mail and notifications (mirrors formRulesApi.en.ts). Top-level key: `formRulesApi` only. */
export default {
  formRulesApi: {},
};
