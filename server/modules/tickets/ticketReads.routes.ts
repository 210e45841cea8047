import type { FastifyPluginAsync } from 'fastify';
import { permission } from '../../../contract/permissions';
import { ticketReadStateSchema } from '../../../contract/schemas/tickets.dto';
import { ticketReadSchema } from '../../../contract/schemas/tickets';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { requirePrincipal } from '../../core/guard';
import { idParams, routeDocs } from '../../core/openapi/routeDocs';
import { validate } from '../../core/validation';
import { createTicketReadService } from './ticketReads.service';

type IdParams = { Params: { id: string } };

const readState = { params: idParams, response: { 200: ticketReadStateSchema } };

/** Read receipts of a ticket's chat: unread markers for the reader, "seen" for the other side. Whoever may read the chat may record reading it. */
export const ticketReadRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createTicketReadService(ctx);
  const tags = ['Tickets'];
  const access = permission('TicketConversations', 'View');

  app.get<IdParams>(
    '/tickets/:id/reads',
    { config: { access }, schema: { tags, summary: "How far the chat was read: by me, by staff and by the ticket's partner", ...routeDocs(readState) } },
    async (request, reply) => send(request, reply, await service.get(requirePrincipal(request), request.params.id)),
  );

  app.put<IdParams>(
    '/tickets/:id/reads',
    {
      config: { access },
      schema: {
        tags,
        summary: 'I have read the chat up to this message (only ever forward; the other side hears TicketRead)',
        ...routeDocs({ ...readState, body: ticketReadSchema }),
      },
    },
    async (request, reply) => {
      const { messageId } = await validate(ticketReadSchema, request.body);
      return send(request, reply, await service.markRead(requirePrincipal(request), request.params.id, messageId));
    },
  );
};
