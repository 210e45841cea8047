import * as yup from 'yup';
import type { PartnerDto } from '../partners';
import { partnersDeclaration } from '../resources/partners';
import { dtoSchemaOf } from '../resources/schemas';

export const partnerDtoSchema = dtoSchemaOf(partnersDeclaration) as yup.ObjectSchema<PartnerDto>;
