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

/**
 * The tables (and CRUD resources) the server writes audit rows of, as staff Home's activity names them
 * (`dashboard.activity.tables.*` in both catalogues; a test walks this list).
 */
export const AUDITED_TABLES = [
  'tickets',
  'ticket_messages',
  'ticket_ratings',
  'partner_forms',
  'partner_form_files',
  'partner_form_signatures',
  'partner_form_reviews',
  'forms',
  'users',
  'user_roles',
  'roles',
  'role_permissions',
  'partners',
  'partner-contacts',
  'partner-users',
  'countries',
  'validation-rules',
  'canned-responses',
  'file_grants',
  'file_requests',
  'managed_files',
  'onboarding_rules',
  'impersonation',
  'second_factors',
  'recovery_codes',
  'passkeys',
  'sign_ins',
  'service_level_settings',
  'support_availability',
  'support_teams',
  'ticket_assignment_settings',
  'agreements',
  'agreement_versions',
  'agreement_acceptances',
] as const;
