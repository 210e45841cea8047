import type { FastifyPluginAsync } from 'fastify';
import { permission } from '../../../../contract/permissions';
import { ticketDtoSchema } from '../../../../contract/schemas/tickets.dto';
import { ticketMergeSchema } from '../../../../contract/schemas/ticketMergeAndRating';
import type { AppContext } from '../../../context';
import { send } from '../../../core/envelope';
import { requirePrincipal } from '../../../core/guard';
import { idParams, routeDocs } from '../../../core/openapi/routeDocs';
import { validate } from '../../../core/validation';
import { createTicketMergeAnnouncer } from './ticketMerge.events';
import { createTicketMergeService } from './ticketMerge.service';

/** Merging a duplicate ticket into another of its partner (issue 25, point 7); answers the target. */
export const ticketMergeRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createTicketMergeService(ctx, createTicketMergeAnnouncer(ctx));
  app.post<{ Params: { id: string } }>(
    '/tickets/:id/merge',
    {
      config: { access: permission('TicketMerges', 'Create') },
      schema: {
        tags: ['Tickets'],
        summary: 'Merge this ticket into another of the same partner: its chat and files move there, it is CLOSED and points at it',
        ...routeDocs({ params: idParams, body: ticketMergeSchema, response: { 200: ticketDtoSchema } }),
      },
    },
    async (request, reply) => {
      const { intoId } = await validate(ticketMergeSchema, request.body);
      const { target } = await service.merge(requirePrincipal(request), request.params.id, intoId);
      return send(request, reply, target, { message: 'ticketMerge.merged' });
    },
  );
};
