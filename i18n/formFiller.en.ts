/** Texts of a partner's forms list and the section filler. Top-level key: `formFiller` only. */
export default {
  formFiller: {},
};
