import type { ServiceLevelSettings, ServiceLevelSettingsDto, SlaSummaryDto } from '../../../contract/serviceLevels';
import { apiPaths } from '../../config/apiPaths';
import { apiRequest } from '../../providers/http';

/** The service level settings (server/modules/tickets/sla/serviceLevels.routes.ts). */
const path = () => `${apiPaths.resource('support-desk')}/service-levels`;

export async function fetchServiceLevels(): Promise<ServiceLevelSettingsDto> {
  return (await apiRequest<ServiceLevelSettingsDto>(path(), { notify: false })).data;
}

export async function saveServiceLevels(settings: ServiceLevelSettings): Promise<ServiceLevelSettingsDto> {
  return (await apiRequest<ServiceLevelSettingsDto>(path(), { method: 'PUT', body: settings })).data;
}

/** Staff Home's figures: open tickets breached or near breach. */
export async function fetchSlaSummary(signal?: AbortSignal): Promise<SlaSummaryDto> {
  return (await apiRequest<SlaSummaryDto>(`${path()}/summary`, { notify: false, signal })).data;
}
