import type { AgreementAcceptedDto, AgreementVersionDto, PendingAgreementDto } from '../../../contract/agreements';
import type { PublishAgreementVersionInput } from '../../../contract/schemas/agreements';
import { apiPaths } from '../../config/apiPaths';
import { apiRequest } from '../../providers/http';

/** Agreements' calls beyond the declared resource's own (server/modules/agreements/agreements.routes.ts). */
const versionsOf = (agreementId: string) => `${apiPaths.resourceItem('agreements', agreementId)}/versions`;

export async function fetchAgreementVersions(agreementId: string, signal?: AbortSignal): Promise<AgreementVersionDto[]> {
  return (await apiRequest<AgreementVersionDto[]>(versionsOf(agreementId), { signal, notify: false })).data ?? [];
}

export async function publishAgreementVersion(agreementId: string, input: PublishAgreementVersionInput): Promise<AgreementVersionDto> {
  return (await apiRequest<AgreementVersionDto>(versionsOf(agreementId), { method: 'POST', body: input, notify: false })).data;
}

/** The agreements the signed-in user still has to accept (none for staff). */
export async function fetchPendingAgreements(signal?: AbortSignal): Promise<PendingAgreementDto[]> {
  return (await apiRequest<PendingAgreementDto[]>(apiPaths.resource('pending-agreements'), { signal, notify: false })).data ?? [];
}

export async function acceptAgreementVersion(versionId: string): Promise<AgreementAcceptedDto> {
  return (await apiRequest<AgreementAcceptedDto>(`${apiPaths.resourceItem('agreement-versions', versionId)}/accept`, { method: 'POST', notify: false })).data;
}
