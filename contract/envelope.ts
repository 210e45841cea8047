/** Every JSON answer of /api: the HTTP status always equals statusCode. */
export interface FieldError {
  field: string;
  message: string;
}

export interface Envelope<T = unknown> {
  isSuccess: boolean;
  statusCode: number;
  message: string;
  data: T | null;
  errors?: FieldError[];
}

export interface PagedResult<T> {
  items: T[];
  totalCount: number;
  currentPage: number;
  pageSize: number;
}

export interface SearchRequest {
  pageNumber: number;
  pageSize: number;
  orderBy?: string[];
  advancedSearch?: { keyword?: string; fields?: string[] };
  [filter: string]: unknown;
}

export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    'isSuccess' in value &&
    'statusCode' in value &&
    typeof (value as Envelope).isSuccess === 'boolean' &&
    typeof (value as Envelope).statusCode === 'number'
  );
}
