/** Texts of the staff partner forms screens (mirrors partnerForms.en.ts). Top-level key: `partnerForms` only. */
export default {
  partnerForms: {},
};
