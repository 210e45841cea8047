/** Texts of the validation rules and onboarding rules screens. Top-level key: `validationRules` only. */
export default {
  validationRules: {},
};
