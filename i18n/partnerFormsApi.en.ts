/** Server messages, mails and notifications of partner forms. Top-level key: `partnerFormsApi` only. */
export default {
  partnerFormsApi: {},
};
