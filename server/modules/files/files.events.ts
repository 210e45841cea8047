import type { FileRequestStatus, GrantConditionType } from '../../../contract/files';

/**
 * A grant was made, changed, extended or revoked (a file's deletion revokes its grants too). Its grantees
 * hear of a new grant; lists refetch through ResourceChanged.
 */
export interface FileGrantChanged {
  type: 'FileGrantChanged';
  grantId: string;
  fileId: string;
  conditionType: GrantConditionType;
  /** The partner whose users the grant reaches (partner grant, or a partner user's grant); null for a role or staff grant. */
  partnerId: string | null;
  change: 'granted' | 'updated' | 'extended' | 'revoked';
  actorId: string;
}

/** A partner user asked for a file: staff hear it. */
export interface FileRequestCreated {
  type: 'FileRequestCreated';
  requestId: string;
  partnerId: string;
  actorId: string;
}

/** Staff approved (with a grant) or rejected a request: the requester hears it by hub and mail. */
export interface FileRequestDecided {
  type: 'FileRequestDecided';
  requestId: string;
  partnerId: string;
  requestedBy: string;
  status: Exclude<FileRequestStatus, 'PENDING'>;
  grantId: string | null;
  actorId: string;
}

/** The expiry job found a grant ending within a day: its grantees hear it by hub and mail, once. */
export interface FileGrantEnding {
  type: 'FileGrantEnding';
  grantId: string;
  fileId: string;
  validTo: string;
}

export type FileEvent = FileGrantChanged | FileRequestCreated | FileRequestDecided | FileGrantEnding;
