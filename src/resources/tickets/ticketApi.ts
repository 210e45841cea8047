import { API_V1, IDEMPOTENCY_KEY_HEADER } from '../../../contract/http';
import { ticketAttachmentPath, type TicketAttachmentRef, type TicketChatMessage, type TicketDto, type TicketStatus } from '../../../contract/tickets';
import { apiPaths } from '../../config/apiPaths';
import { ifMatchHeader } from '../../providers/data/recordChanges';
import { apiDownload, apiRequest, apiUpload, saveFile, type UploadProgress } from '../../providers/http';
import type { OutgoingMessage } from './chat/outbox';

/** The ticket calls the data provider does not cover (server/modules/tickets/tickets.routes.ts). */

const ticketPath = (id: string) => apiPaths.resourceItem('tickets', id);

export interface NewTicket {
  subject: string;
  /** HTML from the editor; the server sanitises it. */
  description: string;
  /** Staff raise a ticket for a partner; ignored for partner users. */
  partnerId?: string | null;
  /** Issue 25: what it is about (contract/ticketAssignment.ts TICKET_CATEGORIES); may set its priority. */
  category?: string | null;
  files: File[];
}

interface SendOptions {
  onProgress?: (progress: UploadProgress) => void;
  /** The server answers a re-send with this key (within 24 h) with the first result instead of storing it again. */
  idempotencyKey?: string;
}

const keyHeader = (idempotencyKey?: string): Record<string, string> => (idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : {});

/** POST /tickets (multipart): subject, description, the files under `files`. */
export function createTicket(ticket: NewTicket, { onProgress, idempotencyKey }: SendOptions = {}): Promise<TicketDto> {
  const form = new FormData();
  form.append('subject', ticket.subject);
  form.append('description', ticket.description);
  if (ticket.partnerId) form.append('partnerId', ticket.partnerId);
  if (ticket.category) form.append('category', ticket.category);
  for (const file of ticket.files) form.append('files', file, file.name);
  return apiUpload<TicketDto>(apiPaths.resource('tickets'), form, { onProgress, headers: keyHeader(idempotencyKey) });
}

export async function fetchTicketMessages(ticketId: string, signal?: AbortSignal): Promise<TicketChatMessage[]> {
  const { data } = await apiRequest<TicketChatMessage[]>(`${ticketPath(ticketId)}/messages`, { signal });
  return Array.isArray(data) ? data : [];
}

/**
 * POST /tickets/{id}/messages: JSON `{ body }`, or multipart (`body` and `files`) with upload progress when
 * files come along. Silent: the chat shows the outcome itself.
 */
export async function postTicketMessage(
  ticketId: string,
  body: string,
  { files = [], onProgress, idempotencyKey, internal = false }: SendOptions & { files?: readonly File[]; internal?: boolean } = {},
): Promise<TicketChatMessage> {
  const headers = keyHeader(idempotencyKey);
  // An internal note (issue 25) says so; a reply sends what it always did.
  const flag = internal ? { internal: true } : {};
  if (files.length === 0) {
    return (await apiRequest<TicketChatMessage>(`${ticketPath(ticketId)}/messages`, { method: 'POST', body: { body, ...flag }, headers, notify: false })).data;
  }
  const form = new FormData();
  form.append('body', body);
  if (internal) form.append('internal', 'true');
  for (const file of files) form.append('files', file, file.name);
  return apiUpload<TicketChatMessage>(`${ticketPath(ticketId)}/messages`, form, { onProgress, headers });
}

/** The chat outbox's transport: a message's client id is its Idempotency-Key, so a re-send after a lost answer is stored once. */
export const postOutgoingMessage = (message: OutgoingMessage, onProgress: (fraction: number) => void) =>
  postTicketMessage(message.ticketId, message.body, {
    files: message.files,
    internal: message.internal,
    idempotencyKey: message.clientId,
    onProgress: ({ loaded, total }) => onProgress(total ? loaded / total : 0),
  });

/** PUT /tickets/{id} (a refusal shows as an error toast): the owner closes or reopens its ticket (contract PARTNER_STATUS_CHANGES). */
export async function changeTicketStatus(ticket: Pick<TicketDto, 'id' | 'version'>, status: TicketStatus): Promise<TicketDto> {
  return (await apiRequest<TicketDto>(ticketPath(ticket.id), { method: 'PUT', body: { status }, headers: ifMatchHeader(ticket) })).data;
}

/** PUT /tickets/admin/{id} `{ ticketId, status }` (Tickets.AdminUpdate): staff set any status. */
export async function adminChangeTicketStatus(ticket: Pick<TicketDto, 'id' | 'version'>, status: TicketStatus): Promise<TicketDto> {
  const path = `${apiPaths.resource('tickets')}/admin/${encodeURIComponent(ticket.id)}`;
  return (await apiRequest<TicketDto>(path, { method: 'PUT', body: { ticketId: ticket.id, status }, headers: ifMatchHeader(ticket) })).data;
}

/** Downloads a file of a ticket (or of its chat) with the token, then saves it under the name the server gives. */
export async function downloadAttachment(ticketId: string, attachment: Pick<TicketAttachmentRef, 'id' | 'fileName'>): Promise<void> {
  const { blob, fileName } = await apiDownload(`${API_V1}${ticketAttachmentPath(ticketId, attachment.id)}`);
  saveFile(blob, fileName ?? attachment.fileName);
}
