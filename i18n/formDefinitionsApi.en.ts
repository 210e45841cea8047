/** Server messages of form definitions. Top-level key: `formDefinitionsApi` only. */
export default {
  formDefinitionsApi: {},
};
