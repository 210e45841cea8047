import type { AnswerFile, Answers, PartnerFormDto, PartnerFormSectionDto } from '../../../contract/forms';
import { apiPaths } from '../../config/apiPaths';
import { apiDownload, apiRequest, apiUpload, saveFile, type UploadProgress } from '../../providers/http';

/** The calls of a partner's own partner form (api9 "partner-forms"); the screens show every outcome, so no toasts. */

const itemPath = (id: string) => apiPaths.resourceItem('partner-forms', id);
const sectionPath = (id: string, sectionKey: string) => `${itemPath(id)}/sections/${encodeURIComponent(sectionKey)}`;

export async function fetchPartnerForm(id: string, signal?: AbortSignal): Promise<PartnerFormDto> {
  return (await apiRequest<PartnerFormDto>(itemPath(id), { signal, notify: false })).data;
}

export async function fetchSection(id: string, sectionKey: string, signal?: AbortSignal): Promise<PartnerFormSectionDto> {
  return (await apiRequest<PartnerFormSectionDto>(sectionPath(id, sectionKey), { signal, notify: false })).data;
}

/** PUT …/sections/{key}: Save Draft merges these answers by key (any question of the form; null clears one). */
export async function saveAnswers(id: string, sectionKey: string, answers: Answers): Promise<PartnerFormSectionDto> {
  return (await apiRequest<PartnerFormSectionDto>(sectionPath(id, sectionKey), { method: 'PUT', body: { answers }, notify: false })).data;
}

/** POST …/submit with the answers not sent yet: checked with every saved one; a 400 names each question at fault. */
export async function submitPartnerForm(id: string, answers: Answers): Promise<PartnerFormDto> {
  return (await apiRequest<PartnerFormDto>(`${itemPath(id)}/submit`, { method: 'POST', body: { answers }, notify: false })).data;
}

/** POST …/files (multipart: questionKey and one file) with its progress. */
export function uploadAnswerFile(id: string, questionKey: string, file: File, onProgress: (progress: UploadProgress) => void): Promise<AnswerFile> {
  const form = new FormData();
  form.append('questionKey', questionKey);
  form.append('file', file, file.name);
  return apiUpload<AnswerFile>(`${itemPath(id)}/files`, form, { onProgress });
}

export async function downloadAnswerFile(id: string, file: AnswerFile): Promise<void> {
  const { blob, fileName } = await apiDownload(`${itemPath(id)}/files/${encodeURIComponent(file.id)}`);
  saveFile(blob, fileName ?? file.name);
}
