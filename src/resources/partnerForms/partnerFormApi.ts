import type { PartnerFormDto, PartnerFormStatus } from '../../../contract/forms';
import type { AssignPartnerFormsResult, PartnerFormMigrationResult, VersionChangesDto } from '../../../contract/partnerForms';
import type { MigrateAction } from '../../../contract/schemas/partnerForms';
import { apiPaths } from '../../config/apiPaths';
import { apiRequest } from '../../providers/http';

/** The partner form calls staff make beyond the data provider's list and record (api9 "partner-forms"). */

const collection = apiPaths.resource('partner-forms');
const itemPath = (id: string) => apiPaths.resourceItem('partner-forms', id);

/** POST /partner-forms/assign: the dialog tells what was assigned and skipped, so no toast here. */
export async function assignPartnerForms(request: { formId: string; partnerIds: string[]; note?: string; dueAt?: string }): Promise<AssignPartnerFormsResult> {
  const { data } = await apiRequest<AssignPartnerFormsResult>(`${collection}/assign`, { method: 'POST', body: request, notify: false });
  return { assigned: data?.assigned ?? [], skipped: data?.skipped ?? [] };
}

/** Staff's status changes and the states each applies to (OPEN → LOCKED, LOCKED → OPEN, SUBMITTED or LOCKED → OPEN). */
export const STATUS_CHANGES = {
  lock: ['OPEN'],
  unlock: ['LOCKED'],
  reopen: ['SUBMITTED', 'LOCKED'],
} as const satisfies Record<string, readonly PartnerFormStatus[]>;
export type StatusChange = keyof typeof STATUS_CHANGES;

export const appliesTo = (change: StatusChange, status: PartnerFormStatus) => (STATUS_CHANGES[change] as readonly string[]).includes(status);

/** POST /partner-forms/{id}/lock | unlock | reopen: the note replaces the partner form's; a reopen's comments replace the previous ones. */
export async function changePartnerFormStatus(
  id: string,
  change: StatusChange,
  body: { note: string; comments?: Record<string, string> },
): Promise<PartnerFormDto> {
  const sent = change === 'reopen' ? body : { note: body.note };
  return (await apiRequest<PartnerFormDto>(`${itemPath(id)}/${change}`, { method: 'POST', body: sent })).data;
}

export async function fetchVersionChanges(id: string, signal?: AbortSignal): Promise<VersionChangesDto> {
  return (await apiRequest<VersionChangesDto>(`${itemPath(id)}/version-changes`, { signal, notify: false })).data;
}

/** What each choice takes (as the server decides): a draft migrates, a locked or submitted one reopens on the new version, an unsubmitted one may keep its version. */
const MIGRATE_ACTION_STATES: Record<MigrateAction, readonly PartnerFormStatus[]> = {
  migrate: ['OPEN'],
  keep: ['OPEN', 'LOCKED'],
  reopen: ['SUBMITTED', 'LOCKED'],
};
export const migrateActionApplies = (action: MigrateAction, status: PartnerFormStatus) => MIGRATE_ACTION_STATES[action].includes(status);

/** POST /partner-forms/migrate for the partner forms given the same choice: each one's outcome. */
export async function migratePartnerForms(ids: string[], action: MigrateAction, note?: string): Promise<PartnerFormMigrationResult[]> {
  const body = { ids, action, ...(note ? { note } : {}) };
  return (await apiRequest<PartnerFormMigrationResult[]>(`${collection}/migrate`, { method: 'POST', body, notify: false })).data ?? [];
}
