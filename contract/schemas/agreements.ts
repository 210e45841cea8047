import * as yup from 'yup';
import { AGREEMENT_BODY_MAX } from '../agreements';
import { id, requiredText } from './fields';
import { searchRequestSchema } from './search';

/** `POST /agreements/{id}/versions`: a new version's text in both languages (plain text), published at once. */
export const publishAgreementVersionSchema = yup.object({
  bodyEn: requiredText(AGREEMENT_BODY_MAX),
  bodyVi: requiredText(AGREEMENT_BODY_MAX),
});

export type PublishAgreementVersionInput = yup.InferType<typeof publishAgreementVersionSchema>;

/** `POST /agreement-acceptances/search`: the usual search body, filtered by agreement, version, partner or user. */
export const agreementAcceptanceSearchSchema = searchRequestSchema.shape({
  agreementId: id(),
  versionId: id(),
  partnerId: id(),
  userId: id(),
});
