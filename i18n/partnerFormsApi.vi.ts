/** Server messages, mails and notifications of partner forms (mirrors partnerFormsApi.en.ts). Top-level key: `partnerFormsApi` only. */
export default {
  partnerFormsApi: {},
};
