import type { Envelope, FieldError } from '../../../contract/envelope';

/** Why a call failed: the server said no, the answer was not an envelope, or the server was not reached. */
export type ApiErrorKind = 'response' | 'invalid-response' | 'network';

/**
 * A failed call. Shaped like react-admin's HttpError (`message`, `status`, `body.errors` keyed by field),
 * so react-admin forms show the server's field errors next to their inputs.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly kind: ApiErrorKind;
  readonly envelope?: Envelope;
  readonly body: { errors?: Record<string, string> };

  constructor(
    message: string,
    status: number,
    { kind = 'response', envelope, fallbackFieldMessage = '' }: { kind?: ApiErrorKind; envelope?: Envelope; fallbackFieldMessage?: string } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.kind = kind;
    this.envelope = envelope;
    this.body = envelope?.errors?.length ? { errors: fieldErrorsByName(envelope.errors, fallbackFieldMessage) } : {};
  }
}

function fieldErrorsByName(errors: FieldError[], fallback: string): Record<string, string> {
  return Object.fromEntries(errors.map(({ field, message }) => [field, message || fallback]));
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
