import type { ComponentType } from 'react';
import type { EntityResource } from '../entityTable/types';
import type { ScreenAccess } from './screenAccess';

/**
 * Every screen of specification section 2 with the permission its route needs. Screens that later issues
 * build still have a route now (a placeholder titled with the screen), so navigation and gating are real.
 */
export interface Screen {
  path: string;
  titleKey: string;
  access?: ScreenAccess;
  /** Screens outside the main layout (the form section input, the file request page). */
  withoutLayout?: boolean;
  /** A resource declared for the entity table (src/resources/<resource>/index.ts), loaded lazily. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each resource declares its own row type
  entity?: () => Promise<{ default: EntityResource<any> }>;
  /** A screen of its own, loaded lazily. Without `entity` or `page` the screen is a placeholder. */
  page?: () => Promise<{ default: ComponentType }>;
}

const list = (resource: ScreenAccess['resource']): ScreenAccess => ({ resource, action: 'list' });

export const screens: Screen[] = [
  // `:id?` opens that row's edit dialog (src/entityTable/EntityTableScreen.tsx).
  { path: 'partner/users/:id?', titleKey: 'app.nav.partnerUsers', access: list('PartnerUsers'), entity: () => import('../resources/partnerUsers') },
  { path: 'tickets', titleKey: 'app.nav.tickets', access: list('Tickets'), page: () => import('../resources/tickets/TicketListPage') },
  { path: 'tickets/:id/detail', titleKey: 'app.screens.ticketDetail', access: list('Tickets'), page: () => import('../resources/tickets/TicketDetailPage').then((m) => ({ default: m.PartnerTicketDetailPage })) },
  { path: 'ticket-manager', titleKey: 'app.nav.ticketManager', access: { resource: 'Tickets', action: 'AdminView' }, entity: () => import('../resources/tickets') },
  { path: 'ticket-management', titleKey: 'app.nav.ticketManager', access: list('Tickets'), entity: () => import('../resources/tickets') },
  { path: 'ticket-management/:id/detail', titleKey: 'app.screens.adminTicketDetail', access: list('Tickets'), page: () => import('../resources/tickets/TicketDetailPage').then((m) => ({ default: m.AdminTicketDetailPage })) },
  { path: 'roles/:id?', titleKey: 'app.nav.roles', access: list('Roles'), entity: () => import('../resources/roles') },
  { path: 'roles/:id/permissions', titleKey: 'app.screens.rolePermissions', access: list('Roles'), page: () => import('../resources/roles/RolePermissionsPage') },
  { path: 'partners/:id?', titleKey: 'app.nav.partners', access: list('Partners'), entity: () => import('../resources/partners') },
  { path: 'user-management/:id?', titleKey: 'app.nav.users', access: list('Users'), entity: () => import('../resources/users') },
  { path: 'validation-rules', titleKey: 'app.nav.validationRules', access: list('ValidationRules') },
  { path: 'next-partner-forms', titleKey: 'app.nav.nextPartnerForms', access: list('NextPartnerForms') },
  { path: 'form-config', titleKey: 'app.nav.formConfig', access: list('Form') },
  { path: 'form-config/:formId', titleKey: 'app.screens.formDetail', access: list('Form') },
  { path: 'partner-forms', titleKey: 'app.nav.partnerForms', access: { resource: 'PartnerForm', action: 'AdminView' } },
  { path: 'forms', titleKey: 'app.nav.forms', access: list('PartnerForm') },
  { path: 'accessible-files', titleKey: 'app.nav.accessibleFiles', access: list('AccessibleFile') },
  {
    path: 'forms/:partnerFormId/sections/:sectionId',
    titleKey: 'app.screens.formSection',
    access: list('PartnerForm'),
    withoutLayout: true,
  },
  { path: 'file-request/view', titleKey: 'app.screens.fileRequest', withoutLayout: true },
];
