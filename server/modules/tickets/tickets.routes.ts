import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { permission } from '../../../contract/permissions';
import { adminUpdateTicketSchema, createTicketSchema, ticketMessageSchema, ticketSearchSchema, updateTicketStatusSchema } from '../../../contract/schemas/tickets';
import type { AppContext } from '../../context';
import { streamCsv, type CsvColumn } from '../../core/csv';
import { send } from '../../core/envelope';
import { fieldError, notFound } from '../../core/errors';
import { firstAnswerTo, replay } from '../../core/idempotency';
import { requirePrincipal } from '../../core/guard';
import { ifMatchOf, withEtag } from '../../core/recordVersion';
import { searchOfExportQuery, validateSearch } from '../../core/search';
import { validate } from '../../core/validation';
import { createTicketAnnouncer } from './ticketEvents';
import { createTicketService, type TicketCsvRow, type TicketService } from './tickets.service';
import { MULTIPART_LIMITS, readTicketForm, type StoredUpload } from './ticketUploads';

type IdParams = { Params: { id: string } };
type AttachmentParams = { Params: { id: string; attachmentId: string } };

const sha256OfFile = async (file: string) => {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/**
 * Reads the request's fields and files, then runs `use`; the stored files are removed when the request is
 * refused, at any step, so a refusal leaves neither rows nor files behind. A retry of an answered
 * Idempotency-Key (same fields, same file contents) gets the first answer and its files are dropped.
 */
async function withTicketForm(
  service: TicketService,
  request: FastifyRequest,
  reply: FastifyReply,
  use: (body: unknown, uploads: StoredUpload[]) => Promise<FastifyReply>,
) {
  const form = await readTicketForm(request, service.attachmentsDir);
  try {
    const fingerprint = async () => ({
      fields: form.body,
      files: await Promise.all(form.uploads.map(async (u) => ({ name: u.fileName, sha256: await sha256OfFile(path.join(service.attachmentsDir, u.storageName)) }))),
    });
    const firstAnswer = await firstAnswerTo(request, reply, fingerprint);
    if (firstAnswer) {
      await form.discard();
      return replay(reply, firstAnswer);
    }
    return await use(form.body, form.uploads);
  } catch (error) {
    await form.discard();
    throw error;
  }
}

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

/** `filename` for old clients (ASCII, no quotes) and `filename*` with the real name (RFC 6266). */
function contentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

async function sendAttachment(reply: FastifyReply, file: { filePath: string; fileName: string; contentType: string; size: number }) {
  const stream = fs.createReadStream(file.filePath);
  // A missing file is a 404 like a missing row, not a 500 halfway through a download.
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', () => reject(notFound('tickets.attachmentNotFound')));
  });
  return reply
    .type(file.contentType.startsWith('text/') ? `${file.contentType}; charset=utf-8` : file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(stream);
}

/**
 * Tickets and their chat (specification section 7, DESIGN.md "Tickets"). Create and post take multipart
 * (fields and `files`) or JSON; every change is audited and announced on the hub after it commits.
 */
export const ticketRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const realtime = app.realtime;
  const service = createTicketService(ctx, createTicketAnnouncer(ctx, realtime));
  realtime.setJoinTicketCheck(service.canFollow);
  // Sizes are checked per file as it streams (413 with the file's name), not by the plugin.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: false });
  const tags = ['Tickets'];

  app.post('/tickets/search', { config: { access: permission('Tickets', 'Search') }, schema: { tags, summary: 'Search tickets (paged; subject or title, id prefix, partnerId, status, keyword)' } }, async (request, reply) =>
    send(request, reply, await service.search(requirePrincipal(request), await validateSearch(ticketSearchSchema, request.body ?? {}))),
  );

  app.get<{ Querystring: Record<string, string | string[]> }>(
    '/tickets/export',
    { config: { access: permission('Tickets', 'Export') }, schema: { tags, summary: 'Every ticket of a search as CSV (the search filters as query parameters)' } },
    async (request, reply) => {
      const { total, batches } = await service.exportRows(requirePrincipal(request), await validateSearch(ticketSearchSchema, searchOfExportQuery(request.query)));
      return streamCsv(reply, 'tickets.csv', TICKET_CSV, total, batches);
    },
  );

  app.get<IdParams>('/tickets/:id', { config: { access: permission('Tickets', 'View') }, schema: { tags, summary: 'One ticket with its attachments' } }, async (request, reply) => {
    const ticket = await service.get(requirePrincipal(request), request.params.id);
    withEtag(reply, ticket.version!);
    return send(request, reply, ticket);
  });

  app.post('/tickets', { config: { access: permission('Tickets', 'Create') }, schema: { tags, summary: 'Raise a ticket: multipart (subject, description, files) or JSON' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    return withTicketForm(service, request, reply, async (body, uploads) => {
      const ticket = await service.create(principal, await validate(createTicketSchema, body), uploads);
      return send(request, reply, ticket, { statusCode: 201, message: 'tickets.created' });
    });
  });

  app.put<IdParams>('/tickets/:id', { config: { access: permission('Tickets', 'Update') }, schema: { tags, summary: "Change a ticket's status (the owner closes or reopens it)" } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { status } = await validate(updateTicketStatusSchema, request.body);
    const ifMatch = ifMatchOf(request);
    return send(request, reply, await service.changeStatus(principal, request.params.id, status, 'owner', ifMatch), { message: 'tickets.statusChanged' });
  });

  app.put<IdParams>('/tickets/admin/:id', { config: { access: permission('Tickets', 'AdminUpdate') }, schema: { tags, summary: "Set any status of a ticket (staff)" } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const input = await validate(adminUpdateTicketSchema, request.body);
    if (input.ticketId.toLowerCase() !== request.params.id.toLowerCase()) throw fieldError('ticketId', 'tickets.ticketIdMismatch');
    const ifMatch = ifMatchOf(request);
    return send(request, reply, await service.changeStatus(principal, request.params.id, input.status, 'admin', ifMatch), { message: 'tickets.statusChanged' });
  });

  app.get<IdParams>('/tickets/:id/messages', { config: { access: permission('TicketConversations', 'View') }, schema: { tags, summary: "A ticket's chat, oldest first" } }, async (request, reply) =>
    send(request, reply, await service.messages(requirePrincipal(request), request.params.id)),
  );

  app.post<IdParams>('/tickets/:id/messages', { config: { access: permission('TicketConversations', 'Create') }, schema: { tags, summary: 'Write in a ticket\'s chat: multipart (body, files) or JSON { body }' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    await service.assertAcceptsMessages(principal, request.params.id);
    return withTicketForm(service, request, reply, async (body, uploads) => {
      const input = await validate(ticketMessageSchema, body ?? {});
      const message = await service.postMessage(principal, request.params.id, input.body, uploads);
      return send(request, reply, message, { statusCode: 201, message: 'tickets.messageSent' });
    });
  });

  app.get<AttachmentParams>('/tickets/:id/attachments/:attachmentId', { config: { access: permission('Tickets', 'View') }, schema: { tags, summary: 'Download an attachment of a ticket or of its chat' } }, async (request, reply) =>
    sendAttachment(reply, await service.attachment(requirePrincipal(request), request.params.id, request.params.attachmentId)),
  );
};
