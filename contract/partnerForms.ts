import type { PartnerFormDto } from './forms';
import type { MigrateAction } from './schemas/partnerForms';

export type { VersionChanges, VersionChangesDto, ChangedQuestion } from './answers/versionChanges';

/** POST /partner-forms/assign: a partner already holding the definition open or locked is skipped, not refused. */
export interface AssignPartnerFormsResult {
  assigned: PartnerFormDto[];
  skipped: { partnerId: string; reason: 'alreadyOpen' }[];
}

/**
 * What POST /partner-forms/migrate did to one partner form: the action's outcome, or why it was left alone
 * (not found within reach, not on an older version, not in a state the action takes, already open on the newer one).
 */
export const MIGRATION_OUTCOMES = ['migrated', 'kept', 'reopened', 'notFound', 'notOutdated', 'notOpen', 'notReopenable', 'alreadyOpen'] as const;
export type MigrationOutcome = (typeof MIGRATION_OUTCOMES)[number];

export interface PartnerFormMigrationResult {
  id: string;
  action: MigrateAction;
  outcome: MigrationOutcome;
  /** The partner form after the change (absent when it was left alone). */
  partnerForm?: PartnerFormDto;
}

/** The app's page that opens one file answering a partner form (the CSV export links to it). */
export const staffPartnerFormFileRoute = (partnerFormId: string, fileId: string) => `/partner-forms/${partnerFormId}/files/${fileId}`;
