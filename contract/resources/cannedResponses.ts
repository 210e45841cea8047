import { CANNED_BODY_MAX, CANNED_LANGUAGES, CANNED_TITLE_MAX } from '../cannedResponses';
import { defineResource, type DtoOf } from './declaration';
import { fields } from './fields';
import { sharedOrOwn } from './scopes';

/**
 * Canned responses (issue 25): staff's replies, each shared (CannedResponses.Configure manages those) or one user's
 * own. Its screen and the chat's picker are written by hand (src/resources/cannedResponses/).
 */
export const cannedResponsesDeclaration = defineResource({
  name: 'canned-responses',
  table: 'canned_responses',
  permission: 'CannedResponses',
  scope: sharedOrOwn({ owner: 'ownerId', shared: 'shared', manageShared: 'Configure', refusal: 'cannedResponses.sharedNotAllowed' }),
  fields: {
    title: fields.text(CANNED_TITLE_MAX, { required: true, search: true }),
    language: fields.enum(CANNED_LANGUAGES, { max: 2, filter: true }),
    shared: fields.boolean({ filter: true }),
    /** Plain text with {{placeholders}}. */
    body: fields.text(CANNED_BODY_MAX, { required: true, search: true, multiline: true }),
  },
  defaultSort: 'title asc',
  titleField: 'title',
  labels: { prefix: 'resources.canned-responses', title: 'cannedResponses.title' },
});

export type CannedResponseDto = DtoOf<typeof cannedResponsesDeclaration>;
