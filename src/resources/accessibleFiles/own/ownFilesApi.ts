import type { RaRecord } from 'react-admin';
import type { AccessibleFileDto, FileLinkDto } from '../../../../contract/files';
import { apiPaths } from '../../../config/apiPaths';
import { apiRequest } from '../../../providers/http';

/** The react-admin resource (its own API path) of the files the signed-in user may open: POST /files/accessible/search. */
export const ACCESSIBLE_FILES = 'files/accessible';

/** react-admin types list rows as records; these carry no id of their own and are keyed by fileId. */
export type AccessibleFileRow = AccessibleFileDto & Pick<RaRecord, 'id'>;

/** POST /files/{id}/links: a link for the signed-in user, valid 15 minutes; the page shows any failure itself. */
export async function mintFileLink(fileId: string): Promise<FileLinkDto> {
  return (await apiRequest<FileLinkDto>(`${apiPaths.resourceItem('files', fileId)}/links`, { method: 'POST', notify: false })).data;
}
