/** Texts of a partner's forms list and the section filler (mirrors formFiller.en.ts). Top-level key: `formFiller` only. */
export default {
  formFiller: {},
};
