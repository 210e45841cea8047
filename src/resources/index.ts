import type { ScreenDeclaration } from '../admin/screenDeclaration';
import accessibleFiles from './accessibleFiles';
import fileRequests from './fileRequests';
import formDefinitions from './formDefinitions';
import onboardingRules from './onboardingRules';
import ownPartnerForms from './ownPartnerForms';
import partnerForms from './partnerForms';
import partners from './partners';
import partnerUsers from './partnerUsers';
import roles from './roles';
import ticketManager from './ticketManager';
import tickets from './tickets';
import users from './users';
import validationRules from './validationRules';

/**
 * Every screen of specification section 2 but home, profile and settings: routes, menu, react-admin
 * resources, API paths and permission resources are computed from this list. A new screen is a folder
 * with its index.ts, added here.
 */
export const screenDeclarations: readonly ScreenDeclaration[] = [
  partnerUsers,
  ownPartnerForms,
  formDefinitions,
  validationRules,
  partnerForms,
  onboardingRules,
  tickets,
  ticketManager,
  accessibleFiles,
  partners,
  users,
  roles,
  fileRequests,
];
