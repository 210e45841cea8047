import type { FileGrantDto, FileRequestDto, ManagedFileDto } from '../../../../contract/files';
import type { ApproveFileRequestInput, FileGrantInput, FileGrantTermsInput } from '../../../../contract/schemas/files';
import { apiPaths } from '../../../config/apiPaths';
import { apiDownload, apiRequest, apiUpload, saveFile, type UploadProgress } from '../../../providers/http';
import { ifMatchHeader } from '../../../providers/data/recordChanges';

/** The staff calls of /accessible-files beyond the data provider's searches (api10: files, file-grants, file-requests). */

const files = apiPaths.resource('files');
const fileItem = (id: string) => apiPaths.resourceItem('files', id);
const grantItem = (id: string) => apiPaths.resourceItem('file-grants', id);
const requestItem = (id: string) => apiPaths.resourceItem('file-requests', id);

/** POST /files with one file: each file of a batch goes alone, so each has its own progress and its own refusal. */
export async function uploadManagedFile(file: File, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<ManagedFileDto> {
  const form = new FormData();
  form.append('files', file, file.name);
  const answer = await apiUpload<ManagedFileDto[]>(files, form, { onProgress, signal });
  return answer[0];
}

/** PUT /files/{id}/content: new bytes under the same id; grants, counts and the log stay. */
export async function replaceManagedFile(id: string, file: File, onProgress: (progress: UploadProgress) => void): Promise<ManagedFileDto> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload<ManagedFileDto>(`${fileItem(id)}/content`, form, { method: 'PUT', onProgress });
}

export async function fetchManagedFile(id: string): Promise<ManagedFileDto> {
  return (await apiRequest<ManagedFileDto>(fileItem(id), { notify: false })).data;
}

/** PUT /files/{id} with If-Match: a 412 says someone changed the file since it was read. */
export async function renameManagedFile(file: Pick<ManagedFileDto, 'id' | 'version'>, fileName: string): Promise<ManagedFileDto> {
  return (await apiRequest<ManagedFileDto>(fileItem(file.id), { method: 'PUT', body: { fileName }, headers: ifMatchHeader(file), notify: false })).data;
}

export async function deleteManagedFile(id: string): Promise<void> {
  await apiRequest(fileItem(id), { method: 'DELETE', notify: false });
}

/** GET /files/{id}/content: the staff download (logged, not counted). */
export async function downloadManagedFile(file: Pick<ManagedFileDto, 'id' | 'fileName'>): Promise<void> {
  const { blob, fileName } = await apiDownload(`${fileItem(file.id)}/content`);
  saveFile(blob, fileName ?? file.fileName);
}

export async function createGrant(input: FileGrantInput): Promise<FileGrantDto> {
  return (await apiRequest<FileGrantDto>(apiPaths.resource('file-grants'), { method: 'POST', body: input, notify: false })).data;
}

export async function updateGrantTerms(grant: Pick<FileGrantDto, 'id' | 'version'>, terms: FileGrantTermsInput): Promise<FileGrantDto> {
  return (await apiRequest<FileGrantDto>(grantItem(grant.id), { method: 'PUT', body: terms, headers: ifMatchHeader(grant), notify: false })).data;
}

/** POST /file-grants/{id}/extend by the configured days; 409 once it reaches the maximum. */
export async function extendGrant(id: string): Promise<FileGrantDto> {
  return (await apiRequest<FileGrantDto>(`${grantItem(id)}/extend`, { method: 'POST', body: {}, notify: false })).data;
}

export async function revokeGrant(id: string): Promise<void> {
  await apiRequest(grantItem(id), { method: 'DELETE', notify: false });
}

export async function approveFileRequest(id: string, input: ApproveFileRequestInput): Promise<FileRequestDto> {
  return (await apiRequest<FileRequestDto>(`${requestItem(id)}/approve`, { method: 'POST', body: input, notify: false })).data;
}

export async function rejectFileRequest(id: string, reason: string): Promise<FileRequestDto> {
  return (await apiRequest<FileRequestDto>(`${requestItem(id)}/reject`, { method: 'POST', body: { reason }, notify: false })).data;
}
