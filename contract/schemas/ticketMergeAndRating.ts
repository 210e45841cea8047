import * as yup from 'yup';
import { TICKET_RATING_COMMENT_MAX, TICKET_RATING_MAX, TICKET_RATING_MIN, type TicketRatingSummary } from '../tickets';
import { id, maxLength, required } from './fields';
import { msg } from './messages';

/** POST /tickets/{id}/merge (issue 25): the ticket this duplicate goes into. */
export const ticketMergeSchema = yup.object({
  intoId: id().required(required),
});

export type TicketMergeInput = yup.InferType<typeof ticketMergeSchema>;

/** POST /tickets/{id}/rating (issue 25): 1 to 5 stars and an optional comment. */
export const ticketRatingSchema = yup.object({
  score: yup
    .number()
    .typeError(msg('validation.typeError'))
    .integer(msg('validation.integer'))
    .min(TICKET_RATING_MIN, msg('validation.minValue'))
    .max(TICKET_RATING_MAX, msg('validation.maxValue'))
    .required(required),
  comment: yup.string().trim().max(TICKET_RATING_COMMENT_MAX, maxLength).default(''),
});

export type TicketRatingInput = yup.InferType<typeof ticketRatingSchema>;

/** GET /ticket-ratings/summary: staff Home's satisfaction figure. */
export const ticketRatingSummarySchema: yup.ObjectSchema<TicketRatingSummary> = yup.object({
  average: yup.number().nullable().defined(),
  count: yup.number().integer().defined(),
  days: yup.number().integer().defined(),
});
