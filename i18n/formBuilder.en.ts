/** Texts of the form configuration list and the form builder. Top-level key: `formBuilder` only. */
export default {
  formBuilder: {},
};
