/** Server messages of form definitions (mirrors formDefinitionsApi.en.ts). Top-level key: `formDefinitionsApi` only. */
export default {
  formDefinitionsApi: {},
};
