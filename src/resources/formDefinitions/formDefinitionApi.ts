import type { FormDto, FormSection, FormSectionsDto, FormStatus } from '../../../contract/forms';
import { apiPaths } from '../../config/apiPaths';
import { ifMatchHeader } from '../../providers/data/recordChanges';
import { apiRequest } from '../../providers/http';

/** The form definition calls the data provider does not cover (API /forms, server/modules/formDefinitions). */

const formPath = (id: string) => apiPaths.resourceItem('forms', id);

export type FormCounts = Record<FormStatus, number>;

/** GET /forms/counts: how many versions stand in each state. */
export async function fetchFormCounts(signal?: AbortSignal): Promise<FormCounts> {
  return (await apiRequest<FormCounts>(`${apiPaths.resource('forms')}/counts`, { signal, notify: false })).data;
}

export async function fetchForm(id: string, signal?: AbortSignal): Promise<FormDto> {
  return (await apiRequest<FormDto>(formPath(id), { signal, notify: false })).data;
}

export async function fetchFormSections(id: string, signal?: AbortSignal): Promise<FormSectionsDto> {
  return (await apiRequest<FormSectionsDto>(`${formPath(id)}/sections`, { signal, notify: false })).data;
}

/** A version's own fields, besides its sections. */
export const FORM_FIELD_NAMES = ['name', 'description', 'type', 'note'] as const;
export type FormFields = Pick<FormDto, (typeof FORM_FIELD_NAMES)[number]>;

/** POST /forms: a new definition's version 1, Editing. */
export async function createForm(fields: FormFields): Promise<FormDto> {
  return (await apiRequest<FormDto>(apiPaths.resource('forms'), { method: 'POST', body: fields, notify: false })).data;
}

/** PATCH /forms/{id} with If-Match: the form's own fields. Refusals are shown by the editor, not as toasts. */
export async function updateFormFields(form: Pick<FormDto, 'id' | 'version'>, fields: Partial<FormFields>): Promise<FormDto> {
  return (await apiRequest<FormDto>(formPath(form.id), { method: 'PATCH', body: fields, headers: ifMatchHeader(form), notify: false })).data;
}

/** PUT /forms/{id}/sections with If-Match (the form's version): replaces every section. */
export async function saveFormSections(form: Pick<FormDto, 'id' | 'version'>, sections: FormSection[]): Promise<FormSectionsDto & { version?: string }> {
  return (
    await apiRequest<FormSectionsDto & { version?: string }>(`${formPath(form.id)}/sections`, {
      method: 'PUT',
      body: { sections },
      headers: ifMatchHeader(form),
      notify: false,
    })
  ).data;
}

/** POST /forms/{id}/publish: Editing → Ready (the previous Ready version becomes Outdate). The editor tells the outcome. */
export async function publishForm(id: string): Promise<FormDto> {
  return (await apiRequest<FormDto>(`${formPath(id)}/publish`, { method: 'POST', notify: false })).data;
}

/** POST /forms/{id}/new-version: an Editing copy of a Ready or Outdate version. The editor tells the outcome. */
export async function startNewVersion(id: string): Promise<FormDto> {
  return (await apiRequest<FormDto>(`${formPath(id)}/new-version`, { method: 'POST', notify: false })).data;
}
