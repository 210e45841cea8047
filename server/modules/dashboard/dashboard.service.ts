import type { DashboardDto } from '../../../contract/dashboard';
import { permission } from '../../../contract/permissions';
import type { AppContext } from '../../context';
import type { Principal } from '../../core/guard';
import { partnerDashboard } from './partnerDashboard';
import { createStaffSections, staffDashboard } from './staffDashboard';

/**
 * Home's dashboard for the reader's audience (a user with a partner reads their partner's, staff read every
 * partner's). A section needs the permission that lists its rows elsewhere, else it is null.
 */
export function createDashboardService(ctx: Pick<AppContext, 'db' | 'events'>) {
  const { db } = ctx;
  const staffSections = createStaffSections(ctx.events);

  async function read(principal: Principal, now = new Date()): Promise<DashboardDto> {
    const holds = (resource: Parameters<typeof permission>[0], action: Parameters<typeof permission>[1]) =>
      principal.permissions.has(permission(resource, action));
    if (principal.partnerId)
      return partnerDashboard(
        db,
        { id: principal.id, partnerId: principal.partnerId },
        { forms: holds('PartnerForm', 'View'), tickets: holds('Tickets', 'View'), files: holds('AccessibleFile', 'View') },
        now,
      );
    return staffDashboard(db, staffSections, {
      tickets: holds('Tickets', 'AdminView'),
      forms: holds('PartnerForm', 'AdminView'),
      fileRequests: holds('FileAccessRequest', 'AdminView'),
      activity: holds('AuditTrails', 'View'),
    });
  }

  return { read };
}
