import type * as yup from 'yup';
import { partnersDeclaration } from '../resources/partners';
import { inputSchemaOf } from '../resources/schemas';

/** Specification section 5: partner limits, as contract/resources/partners.ts declares them. */
export const partnerSchema = inputSchemaOf(partnersDeclaration);

export type PartnerInput = yup.InferType<typeof partnerSchema>;
