import { http } from 'msw';
import { DEFAULT_SERVICE_LEVELS, type ServiceLevelSettings, type ServiceLevelSettingsDto, type SlaSummaryDto } from '../contract/serviceLevels';
import { ok } from './envelopes';

/** Service levels (issue 25) as the mock API holds them; `writes` lists the bodies saved, in order. */
export const serviceLevelsMock = {
  settings: null as unknown as ServiceLevelSettingsDto,
  summary: null as unknown as SlaSummaryDto,
  writes: [] as unknown[],
  reset() {
    this.settings = { ...structuredClone(DEFAULT_SERVICE_LEVELS), updatedAt: null };
    this.summary = { breached: 0, near: 0, tickets: [] };
    this.writes = [];
  },
};
serviceLevelsMock.reset();

export const serviceLevelHandlers = [
  http.get('/api/v1/support-desk/service-levels', () => ok(serviceLevelsMock.settings)),
  http.get('/api/v1/support-desk/service-levels/summary', () => ok(serviceLevelsMock.summary)),
  http.put('/api/v1/support-desk/service-levels', async ({ request }) => {
    const body = (await request.json()) as ServiceLevelSettings;
    serviceLevelsMock.writes.push(body);
    serviceLevelsMock.settings = { ...body, updatedAt: new Date().toISOString() };
    return ok(serviceLevelsMock.settings, 'Service levels saved');
  }),
];
