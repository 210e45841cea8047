/** Texts of the staff partner forms screens. Top-level key: `partnerForms` only. */
export default {
  partnerForms: {},
};
