/** Headers and fixed values both sides agree on. */
export const TENANT_HEADER = 'tenant';
export const TENANT_ROOT = 'root';
export const LANGUAGE_HEADER = 'client-language';
/** Creates and chat messages: the same key within 24 h answers the first result (DESIGN.md "The API contract"). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX = 255;
export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The `WWW-Authenticate` of a 401 whose access token names a sign-in that was ended (from a sessions list, by staff or a
 * partner admin): no refresh can help, and the browser tells the person why it signed them out (RFC 6750's form).
 */
export const SIGN_IN_ENDED_CHALLENGE = 'Bearer error="invalid_token", error_description="The sign-in has ended"';

export const API_BASE = '/api';
export const API_V1 = '/api/v1';

/** Specification section 9: page sizes of the entity table and the partner picker's page. */
export const PAGE_SIZES = [1, 5, 10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const PARTNER_PICKER_PAGE_SIZE = 100;
/** The largest page a search answers: react-admin's `<ExportButton>` asks for 1,000 rows. */
export const MAX_PAGE_SIZE = 1000;
/** Pages beyond this are refused (400): their offset would outgrow what the database takes. */
export const MAX_PAGE_NUMBER = 1_000_000;

export const AVATAR_MAX_BYTES = 3 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const AVATAR_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'] as const;
