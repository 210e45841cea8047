import { cannedResponsesDeclaration } from '../../../contract/resources/cannedResponses';
import { declaredTable } from '../../core/declared/table';

/** Canned responses: the table contract/resources/cannedResponses.ts declares (a shared one has no owner). */
export const cannedResponses = declaredTable(cannedResponsesDeclaration);
