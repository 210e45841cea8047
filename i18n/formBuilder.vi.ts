/** Texts of the form configuration list and the form builder (mirrors formBuilder.en.ts). Top-level key: `formBuilder` only. */
export default {
  formBuilder: {},
};
