import { partnersDeclaration } from '../../../contract/resources/partners';
import { declaredTable } from '../../core/declared/table';

/** Partner organisations: the table contract/resources/partners.ts declares. */
export const partners = declaredTable(partnersDeclaration);
