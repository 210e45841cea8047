import type { FastifyPluginAsync } from 'fastify';
import { permission } from '../../../../contract/permissions';
import { ticketDtoSchema } from '../../../../contract/schemas/tickets.dto';
import { ticketRatingSchema, ticketRatingSummarySchema } from '../../../../contract/schemas/ticketMergeAndRating';
import type { AppContext } from '../../../context';
import { send } from '../../../core/envelope';
import { requirePrincipal } from '../../../core/guard';
import { idParams, routeDocs } from '../../../core/openapi/routeDocs';
import { validate } from '../../../core/validation';
import { createTicketRatingService } from './ticketRatings.service';

/** A partner rates its resolved ticket once; staff Home reads the figure (issue 25, point 8). */
export const ticketRatingRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createTicketRatingService(ctx);
  const tags = ['Tickets'];

  app.post<{ Params: { id: string } }>(
    '/tickets/:id/rating',
    {
      config: { access: permission('TicketRatings', 'Create') },
      schema: {
        tags,
        summary: 'Rate a resolved ticket of your partner, once: 1 to 5 and an optional comment',
        ...routeDocs({ params: idParams, body: ticketRatingSchema, response: { 201: ticketDtoSchema } }),
      },
    },
    async (request, reply) => {
      const input = await validate(ticketRatingSchema, request.body);
      const ticket = await service.rate(requirePrincipal(request), request.params.id, input);
      return send(request, reply, ticket, { statusCode: 201, message: 'ticketRatings.rated' });
    },
  );

  app.get(
    '/ticket-ratings/summary',
    {
      config: { access: permission('TicketRatings', 'View') },
      schema: { tags, summary: 'Average rating and number of ratings over the last 30 days', ...routeDocs({ response: { 200: ticketRatingSummarySchema } }) },
    },
    async (request, reply) => send(request, reply, await service.summary(requirePrincipal(request))),
  );
};
