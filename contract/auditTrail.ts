/** A row of a user's audit trail (GET /api/users/{id}/audit-trails), newest first. */
export interface AuditTrailEntryDto {
  id: string;
  /** Who made the change (none for changes made at start, such as the top role's new permissions). */
  userId: string | null;
  type: 'Create' | 'Update' | 'Delete' | string;
  tableName: string;
  primaryKey: string;
  oldValues: Record<string, unknown> | null;
  newValues: Record<string, unknown> | null;
  affectedColumns: string[] | null;
  dateTime: string;
}
