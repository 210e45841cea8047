import * as yup from 'yup';
import type { AgreementAcceptanceDto, AgreementAcceptedDto, AgreementVersionDto, PendingAgreementDto } from '../agreements';
import { count, optionalText, text, timestamp, uuid } from './dtoFields';

export const agreementVersionDtoSchema: yup.ObjectSchema<AgreementVersionDto> = yup.object({
  id: uuid(),
  agreementId: uuid(),
  versionNumber: count(),
  bodyEn: text(),
  bodyVi: text(),
  publishedAt: timestamp(),
  publishedBy: yup.string().uuid().nullable().defined(),
  publishedByName: optionalText(),
  acceptedCount: count(),
});

export const pendingAgreementDtoSchema: yup.ObjectSchema<PendingAgreementDto> = yup.object({
  agreementId: uuid(),
  nameEn: text(),
  nameVi: text(),
  versionId: uuid(),
  versionNumber: count(),
  bodyEn: text(),
  bodyVi: text(),
  publishedAt: timestamp(),
  acceptedBefore: yup.boolean().defined(),
});

export const agreementAcceptanceDtoSchema: yup.ObjectSchema<AgreementAcceptanceDto> = yup.object({
  id: uuid(),
  agreementId: uuid(),
  agreementName: text(),
  agreementNameVi: text(),
  versionId: uuid(),
  versionNumber: count(),
  userId: uuid(),
  userName: text(),
  userEmail: text(),
  partnerId: uuid(),
  partnerName: text(),
  acceptedAt: timestamp(),
  clientAddress: text(),
});

export const agreementAcceptedDtoSchema: yup.ObjectSchema<AgreementAcceptedDto> = yup.object({
  acceptance: agreementAcceptanceDtoSchema.defined(),
  alreadyAccepted: yup.boolean().defined(),
});
