import * as yup from 'yup';
import { email, phone, requiredText, website } from './fields';
import { required } from './fields';

/** Specification section 5: partner limits. */
export const partnerSchema = yup.object({
  name: requiredText(255),
  email: email(),
  type: requiredText(50),
  address: requiredText(500),
  phone: phone().required(required),
  // Optional: null (as a read gives it back) or empty means none.
  website: website().nullable(),
  contactPhone: phone().nullable(),
});

export type PartnerInput = yup.InferType<typeof partnerSchema>;
