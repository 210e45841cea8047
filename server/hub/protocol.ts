/**
 * The SignalR JSON hub protocol (signalr-protocol.md §4): every record is JSON followed by 0x1E.
 * Our own parser, because the client's JsonHubProtocol drops message types the server must see.
 */

export const RECORD_SEPARATOR = '\x1e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export interface InvocationMessage {
  type: typeof MessageType.Invocation | typeof MessageType.StreamInvocation;
  invocationId?: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
}

/** Every other type (2, 3, 5, 6, 7, and 8/9 of stateful reconnect) needs only its type here. */
export type HubMessage = InvocationMessage | { type: number };

export class ProtocolError extends Error {}

/** Splits buffered text into whole records; `rest` is an unfinished record to keep for the next chunk. */
export function splitRecords(text: string): { records: string[]; rest: string } {
  const parts = text.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  return { records: parts, rest };
}

function parseObject(record: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    throw new ProtocolError('A message is not valid JSON.');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ProtocolError('A message is not a JSON object.');
  return value as Record<string, unknown>;
}

export function parseMessage(record: string): HubMessage {
  const message = parseObject(record);
  const { type } = message;
  if (typeof type !== 'number') throw new ProtocolError('A message has no type.');
  if (type !== MessageType.Invocation && type !== MessageType.StreamInvocation) return { type };
  const { invocationId, target, arguments: args, streamIds } = message;
  if (typeof target !== 'string' || !target) throw new ProtocolError('An invocation has no target.');
  if (!Array.isArray(args)) throw new ProtocolError('An invocation has no arguments array.');
  if (invocationId !== undefined && (typeof invocationId !== 'string' || !invocationId))
    throw new ProtocolError('An invocation id must be a non-empty string.');
  if (type === MessageType.StreamInvocation && invocationId === undefined) throw new ProtocolError('A stream invocation needs an id.');
  if (streamIds !== undefined && !Array.isArray(streamIds)) throw new ProtocolError('streamIds must be an array.');
  return { type, invocationId, target, arguments: args, streamIds: streamIds as string[] | undefined };
}

/** The handshake answer: null when accepted, else the error text the client's start() rejects with. */
export function checkHandshake(record: string): string | null {
  let request: Record<string, unknown>;
  try {
    request = parseObject(record);
  } catch {
    return 'The handshake request is not valid JSON.';
  }
  if (request.protocol !== 'json') return `The protocol '${String(request.protocol)}' is not supported.`;
  // Version 2 only follows a negotiated stateful reconnect, which this server never offers.
  if (request.version !== 1) return `The server does not support version ${String(request.version)} of the 'json' protocol.`;
  return null;
}

const toRecord = (message: object) => JSON.stringify(message) + RECORD_SEPARATOR;

export const HANDSHAKE_ACCEPTED = toRecord({});
export const handshakeRefusal = (error: string) => toRecord({ error });
export const PING = toRecord({ type: MessageType.Ping });
/** Tells the client that deliveries may have been lost: it refetches what it shows. */
export const RESYNC = toRecord({ type: MessageType.Invocation, target: 'Resync', arguments: [] });

/** A server → client call: no invocation id, so the client sends nothing back. */
export const invocationRecord = (target: string, args: unknown[]) => toRecord({ type: MessageType.Invocation, target, arguments: args });

/** A completion keeps `result` whenever the method returned one, 0, false and null included. */
export const completionRecord = (invocationId: string, outcome: { result: unknown } | { error: string }) =>
  toRecord({ type: MessageType.Completion, invocationId, ...outcome });

export const closeRecord = (error: string | undefined, allowReconnect: boolean) =>
  toRecord({ type: MessageType.Close, ...(error ? { error } : {}), ...(allowReconnect ? { allowReconnect } : {}) });
