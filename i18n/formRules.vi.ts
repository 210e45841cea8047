/** Texts of the validation rules and onboarding rules screens (mirrors formRules.en.ts). Top-level key: `validationRules` only. */
export default {
  validationRules: {},
};
