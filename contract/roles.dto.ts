export interface RoleDto {
  id: string;
  name: string;
  description: string | null;
  priority: number;
  /** Its users must have a second factor (issue 26). */
  requireSecondFactor: boolean;
  createdAt: string;
  updatedAt: string;
  /** The record's version, answered as its ETag and sent back as If-Match. */
  version?: string;
}

export interface RolePermissionsDto {
  roleId: string;
  permissions: string[];
}

/** What a permission save would change, shown before it is applied. */
export interface RolePermissionsChange {
  added: string[];
  removed: string[];
  affectedUsers: number;
}
