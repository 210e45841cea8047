import type { FastifyPluginAsync } from 'fastify';
import { permission } from '../../../contract/permissions';
import { ticketDtoSchema, ticketMessageDtoSchema } from '../../../contract/schemas/tickets.dto';
import {
  adminUpdateTicketSchema,
  createTicketSchema,
  ticketMessageSchema,
  ticketSearchSchema,
  updateTicketStatusSchema,
} from '../../../contract/schemas/tickets';
import type { AppContext } from '../../context';
import { streamCsv, type CsvColumn } from '../../core/csv';
import { send } from '../../core/envelope';
import { fieldError } from '../../core/errors';
import { requirePrincipal } from '../../core/guard';
import { answers, idParams, routeDocs } from '../../core/openapi/routeDocs';
import { ifMatchOf, withEtag } from '../../core/recordVersion';
import { searchOfExportQuery, validateSearch } from '../../core/search';
import { validate } from '../../core/validation';
import { sendStoredFile } from '../../files/sendStoredFile';
import { registerMultipart, withUploadForm } from '../../files/uploadForm';
import { createTicketAnnouncer } from './tickets.events';
import { createTicketService } from './tickets.service';
import { TICKET_UPLOADS } from './ticketFiles';
import type { TicketCsvRow } from './ticketSearch';

type IdParams = { Params: { id: string } };
type AttachmentParams = { Params: { id: string; attachmentId: string } };

const oneTicket = { params: idParams, response: { 200: ticketDtoSchema } };
const attachmentParams = idParams.shape({ attachmentId: idParams.fields.id });

const TICKET_CSV: CsvColumn<TicketCsvRow>[] = [
  { header: 'id', value: (t) => t.id },
  { header: 'subject', value: (t) => t.subject },
  { header: 'status', value: (t) => t.status },
  { header: 'partnerName', value: (t) => t.partnerName },
  { header: 'createdByName', value: (t) => t.createdByName },
  { header: 'createdAt', value: (t) => t.createdAt },
  { header: 'updatedAt', value: (t) => t.updatedAt },
  { header: 'lastMessageAt', value: (t) => t.lastMessageAt },
  { header: 'description', value: (t) => t.description },
];

/** What staff's export adds: the team and each SLA target's state and due time (never in a partner's: issue 33). */
const STAFF_TICKET_CSV: CsvColumn<TicketCsvRow>[] = [
  ...TICKET_CSV,
  { header: 'teamName', value: (t) => t.teamName },
  { header: 'firstResponseState', value: (t) => t.sla?.firstResponse?.state },
  { header: 'firstResponseDueAt', value: (t) => t.sla?.firstResponse?.dueAt },
  { header: 'resolutionState', value: (t) => t.sla?.resolution?.state },
  { header: 'resolutionDueAt', value: (t) => t.sla?.resolution?.dueAt },
];

/** A multipart field is text: a flag sent as "true" or "false" becomes the boolean the schema reads (anything else stays, and fails). */
function withFlagOf(body: unknown, field: string) {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
  return value === 'true' || value === 'false' ? { ...(body as object), [field]: value === 'true' } : body;
}

/**
 * Tickets and their chat (specification section 7, DESIGN.md "Tickets"). Create and post take multipart
 * (fields and `files`) or JSON; every change is audited and announced on the hub after it commits.
 */
export const ticketRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createTicketService(ctx, createTicketAnnouncer(ctx));
  // Who may follow a ticket's chat is the tickets module's answer; the hub asks it on JoinTicket.
  app.realtime.setJoinTicketCheck(service.canFollow);
  await registerMultipart(app);
  const tags = ['Tickets'];

  app.post(
    '/tickets/search',
    {
      config: { access: permission('Tickets', 'Search') },
      schema: {
        tags,
        summary: 'Search tickets (paged; subject or title, id prefix, partnerId, status, keyword)',
        ...routeDocs({ body: ticketSearchSchema, response: { 200: answers.pageOf(ticketDtoSchema) } }),
      },
    },
    async (request, reply) =>
      send(request, reply, await service.search(requirePrincipal(request), await validateSearch(ticketSearchSchema, request.body ?? {}))),
  );

  app.get<{ Querystring: Record<string, string | string[]> }>(
    '/tickets/export',
    {
      config: { access: permission('Tickets', 'Export') },
      schema: {
        tags,
        summary: 'Every ticket of a search as CSV (the search filters as query parameters)',
        ...routeDocs({ querystring: ticketSearchSchema, response: { 200: answers.csv } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { total, batches } = await service.exportRows(principal, await validateSearch(ticketSearchSchema, searchOfExportQuery(request.query)));
      return streamCsv(reply, 'tickets.csv', principal.partnerId ? TICKET_CSV : STAFF_TICKET_CSV, total, batches);
    },
  );

  app.get<IdParams>(
    '/tickets/:id',
    { config: { access: permission('Tickets', 'View') }, schema: { tags, summary: 'One ticket with its attachments', ...routeDocs(oneTicket) } },
    async (request, reply) => {
      const ticket = await service.get(requirePrincipal(request), request.params.id);
      withEtag(reply, ticket.version!);
      return send(request, reply, ticket);
    },
  );

  app.post(
    '/tickets',
    {
      config: { access: permission('Tickets', 'Create') },
      schema: {
        tags,
        summary: 'Raise a ticket: multipart (subject, description, files) or JSON',
        ...routeDocs({ body: createTicketSchema, multipart: true, response: { 201: ticketDtoSchema } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return withUploadForm(request, reply, service.attachments, TICKET_UPLOADS, async (body, uploads) => {
        const ticket = await service.create(principal, await validate(createTicketSchema, body), uploads);
        return send(request, reply, ticket, { statusCode: 201, message: 'tickets.created' });
      });
    },
  );

  app.put<IdParams>(
    '/tickets/:id',
    {
      config: { access: permission('Tickets', 'Update') },
      schema: {
        tags,
        summary: "Change a ticket's status (the owner closes or reopens it)",
        ...routeDocs({ ...oneTicket, body: updateTicketStatusSchema, headers: ['ifMatch'] }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { status } = await validate(updateTicketStatusSchema, request.body);
      const ifMatch = ifMatchOf(request);
      return send(request, reply, await service.changeStatus(principal, request.params.id, status, 'owner', ifMatch), { message: 'tickets.statusChanged' });
    },
  );

  app.put<IdParams>(
    '/tickets/admin/:id',
    {
      config: { access: permission('Tickets', 'AdminUpdate') },
      schema: { tags, summary: 'Set any status of a ticket (staff)', ...routeDocs({ ...oneTicket, body: adminUpdateTicketSchema, headers: ['ifMatch'] }) },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const input = await validate(adminUpdateTicketSchema, request.body);
      if (input.ticketId.toLowerCase() !== request.params.id.toLowerCase()) throw fieldError('ticketId', 'tickets.ticketIdMismatch');
      const ifMatch = ifMatchOf(request);
      return send(request, reply, await service.changeStatus(principal, request.params.id, input.status, 'admin', ifMatch), {
        message: 'tickets.statusChanged',
      });
    },
  );

  app.get<IdParams>(
    '/tickets/:id/messages',
    {
      config: { access: permission('TicketConversations', 'View') },
      schema: { tags, summary: "A ticket's chat, oldest first", ...routeDocs({ params: idParams, response: { 200: answers.listOf(ticketMessageDtoSchema) } }) },
    },
    async (request, reply) => send(request, reply, await service.messages(requirePrincipal(request), request.params.id)),
  );

  app.post<IdParams>(
    '/tickets/:id/messages',
    {
      config: { access: permission('TicketConversations', 'Create') },
      schema: {
        tags,
        summary: "Write in a ticket's chat: multipart (body, files, internal) or JSON { body, internal }; internal: true is a staff note (TicketNotes.Create)",
        ...routeDocs({ params: idParams, body: ticketMessageSchema, multipart: true, response: { 201: ticketMessageDtoSchema } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      // Files are not read for a ticket that refuses them. A JSON message needs no check first: its one write
      // refuses a closed or unknown ticket, told apart by a read on that path only (postMessage).
      const checkedFirst = request.isMultipart();
      if (checkedFirst) await service.assertAcceptsMessages(principal, request.params.id);
      return withUploadForm(request, reply, service.attachments, TICKET_UPLOADS, async (body, uploads) => {
        const input = await validate(ticketMessageSchema, withFlagOf(body ?? {}, 'internal'));
        if (input.internal && !checkedFirst) await service.assertAcceptsMessages(principal, request.params.id);
        const message = input.internal
          ? await service.postNote(principal, request.params.id, input.body, uploads)
          : await service.postMessage(principal, request.params.id, input.body, uploads);
        return send(request, reply, message, { statusCode: 201, message: input.internal ? 'ticketNotes.saved' : 'tickets.messageSent' });
      });
    },
  );

  app.get<AttachmentParams>(
    '/tickets/:id/attachments/:attachmentId',
    {
      config: { access: permission('Tickets', 'View') },
      schema: {
        tags,
        summary: 'Download an attachment of a ticket or of its chat',
        ...routeDocs({ params: attachmentParams, response: { 200: answers.file('The file, under its stored type; Range requests are answered') } }),
      },
    },
    async (request, reply) =>
      sendStoredFile(
        request,
        reply,
        service.attachments,
        await service.attachment(requirePrincipal(request), request.params.id, request.params.attachmentId),
        'tickets.attachmentNotFound',
      ),
  );
};
