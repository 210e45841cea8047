/**
 * Temporary file access (DESIGN.md "Files", docs/glossary.md): managed files, access grants, file requests,
 * signed links and the access log. Limits are written once here.
 */

/** A managed file is at most 50 MB (DESIGN.md "Files"). */
export const MANAGED_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** Files one upload request may carry. */
export const MANAGED_FILES_PER_UPLOAD = 20;
export const MANAGED_FILE_NAME_MAX = 255;
export const GRANT_NOTE_MAX = 500;
export const GRANT_DOWNLOAD_LIMIT_MAX = 10_000;
export const FILE_REQUEST_TEXT_MAX = 500;
export const FILE_REQUEST_REASON_MAX = 1000;
export const FILE_DECISION_NOTE_MAX = 1000;
/** A signed link opens its file for 15 minutes after it is minted. */
export const FILE_LINK_MINUTES = 15;

/**
 * Each type a managed file may have (told by its bytes, server/files/fileTypes.ts): the extensions a file of it is
 * named with, and the catalogue kind a reader sees ("PDF", "Word document": fileAccess.types.*).
 */
export const MANAGED_FILE_TYPE_FACTS = {
  'application/pdf': { extensions: ['.pdf'], kind: 'pdf' },
  'image/png': { extensions: ['.png'], kind: 'image' },
  'image/jpeg': { extensions: ['.jpg', '.jpeg'], kind: 'image' },
  'image/gif': { extensions: ['.gif'], kind: 'image' },
  'image/webp': { extensions: ['.webp'], kind: 'image' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { extensions: ['.docx'], kind: 'word' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { extensions: ['.xlsx'], kind: 'excel' },
  'text/plain': { extensions: ['.txt'], kind: 'text' },
  'text/csv': { extensions: ['.csv'], kind: 'csv' },
} as const;
export type ManagedFileType = keyof typeof MANAGED_FILE_TYPE_FACTS;
export const MANAGED_FILE_TYPES = Object.keys(MANAGED_FILE_TYPE_FACTS) as ManagedFileType[];

/** The facts of a content type, or undefined for one we do not manage (never read through the prototype). */
export function managedFileTypeFacts(contentType: string) {
  return Object.hasOwn(MANAGED_FILE_TYPE_FACTS, contentType) ? MANAGED_FILE_TYPE_FACTS[contentType as ManagedFileType] : undefined;
}

/** Shown in the page (a PDF in a frame, an image as an image); every other type is offered as a download. */
export const INLINE_FILE_TYPES: readonly string[] = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** Text files the file page shows as text (escaped, never run), up to TEXT_PREVIEW_MAX_BYTES: a view-only grant of one is usable. */
export const TEXT_PREVIEW_TYPES: readonly string[] = ['text/plain', 'text/csv'];
export const TEXT_PREVIEW_MAX_BYTES = 512 * 1024;

/** Whether the file page shows a file itself: a PDF or image, or a text file within the bound. */
export const isShownInPage = (contentType: string, size: number) =>
  INLINE_FILE_TYPES.includes(contentType) || (TEXT_PREVIEW_TYPES.includes(contentType) && size <= TEXT_PREVIEW_MAX_BYTES);

/** A file in the file manager. Counts never go back: replacing the content keeps them, and the log. */
export interface ManagedFileDto {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  uploadedById: string;
  uploadedByName: string;
  downloadCount: number;
  visitCount: number;
  /** Grants in force now (not revoked, not ended). */
  activeGrantCount: number;
  createdAt: string;
  updatedAt: string;
  /** When the content was last replaced (null: never). */
  replacedAt: string | null;
  version?: string;
}

export const GRANT_CONDITION_TYPES = ['partner', 'role', 'user'] as const;
export type GrantConditionType = (typeof GRANT_CONDITION_TYPES)[number];

/** Where a grant stands at a moment: before `from`, inside [from, to), after `to`, revoked, or out of downloads. */
export const GRANT_STATES = ['scheduled', 'active', 'expired', 'revoked', 'exhausted'] as const;
export type GrantState = (typeof GRANT_STATES)[number];

/**
 * An access grant: whoever matches the condition (users of a partner, holders of a role, one user) may open
 * the file while now lies in [from, to) and the grant is neither revoked nor out of downloads.
 */
export interface FileGrantDto {
  id: string;
  fileId: string;
  fileName: string;
  conditionType: GrantConditionType;
  /** A partner's, a role's or a user's id, by conditionType. */
  targetId: string;
  targetName: string;
  /** For a partner grant its partner; for a user grant the user's partner (null for staff); null for a role grant. */
  partnerId: string | null;
  from: string;
  to: string;
  note: string;
  /** Downloads allowed through this grant in all (null: no limit); `downloadCount` of them used. */
  downloadLimit: number | null;
  downloadCount: number;
  /** Shown in the page only: no download action, no attachment disposition. */
  viewOnly: boolean;
  state: GrantState;
  revokedAt: string | null;
  /** The request this grant answered, if any. */
  requestId: string | null;
  createdById: string;
  createdAt: string;
  updatedAt: string;
  version?: string;
}

export const FILE_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type FileRequestStatus = (typeof FILE_REQUEST_STATUSES)[number];

/** A partner user's ask for a file (fileId) or for something not in the manager yet (requestText). */
export interface FileRequestDto {
  id: string;
  fileId: string | null;
  fileName: string | null;
  requestText: string;
  reason: string;
  status: FileRequestStatus;
  partnerId: string;
  partnerName: string;
  requestedById: string;
  requestedByName: string;
  decidedById: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  /** The approval's note or the rejection's reason. */
  decisionNote: string;
  /** The grant an approval created. */
  grantId: string | null;
  createdAt: string;
  updatedAt: string;
  version?: string;
}

/** A file the signed-in user may open now (for partners: /accessible-files). */
export interface AccessibleFileDto {
  fileId: string;
  fileName: string;
  contentType: string;
  size: number;
  /** The grant an opening would go through: the one that lasts longest, downloadable before view-only. */
  grantId: string;
  expiresAt: string;
  viewOnly: boolean;
  /** null: no limit. */
  downloadsLeft: number | null;
}

/** POST /files/{id}/links: a link minted for the signed-in user, valid FILE_LINK_MINUTES. */
export interface FileLinkDto {
  token: string;
  /** The app route that opens it: `/file-request/view?token=…`. */
  url: string;
  expiresAt: string;
}

/** Why a link shows no file: each has its page in the reader's language. */
export const FILE_LINK_REFUSALS = ['expired', 'revoked', 'exhausted', 'notFound'] as const;
export type FileLinkRefusal = (typeof FILE_LINK_REFUSALS)[number];

/**
 * GET /file-links/view?token=…: what the file page shows. Answering it counts the opening's visit (once).
 * `contentUrl` shows the file inline (PDFs, images, and text files within TEXT_PREVIEW_MAX_BYTES, shown as text); `downloadUrl` downloads it (counted once per opening;
 * null for a view-only grant). Both are API paths that carry their own signature: an <img> or <iframe> sends no
 * Authorization header, and they are given only to the user the link was minted for.
 */
export interface FileLinkViewDto {
  fileName: string;
  contentType: string;
  size: number;
  inline: boolean;
  viewOnly: boolean;
  expiresAt: string;
  downloadsLeft: number | null;
  contentUrl: string | null;
  downloadUrl: string | null;
}

export const ACCESS_KINDS = ['visit', 'download'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

/** One row of the access log: who opened or downloaded which file, when, through which grant, from where. */
export interface FileAccessLogDto {
  id: string;
  fileId: string;
  fileName: string;
  kind: AccessKind;
  userId: string;
  userName: string;
  partnerId: string | null;
  partnerName: string | null;
  grantId: string | null;
  address: string;
  client: string;
  at: string;
}

/** The app route of a signed link. */
export const fileLinkRoute = (token: string) => `/file-request/view?token=${encodeURIComponent(token)}`;
