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
}

const list = (resource: ScreenAccess['resource']): ScreenAccess => ({ resource, action: 'list' });

export const screens: Screen[] = [
  { path: 'partner/users', titleKey: 'app.nav.partnerUsers', access: list('PartnerUsers') },
  { path: 'tickets', titleKey: 'app.nav.tickets', access: list('Tickets') },
  { path: 'tickets/:id/detail', titleKey: 'app.screens.ticketDetail', access: list('Tickets') },
  { path: 'ticket-manager', titleKey: 'app.nav.ticketManager', access: { resource: 'Tickets', action: 'AdminView' } },
  { path: 'ticket-management', titleKey: 'app.nav.ticketManager', access: list('Tickets') },
  { path: 'ticket-management/:id/detail', titleKey: 'app.screens.adminTicketDetail', access: list('Tickets') },
  { path: 'roles', titleKey: 'app.nav.roles', access: list('Roles') },
  { path: 'roles/:id/permissions', titleKey: 'app.screens.rolePermissions', access: list('Roles') },
  { path: 'partners', titleKey: 'app.nav.partners', access: list('Partners') },
  { path: 'user-management', titleKey: 'app.nav.users', access: list('Users') },
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
