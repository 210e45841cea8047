import { declaredResources } from '../../contract/resources';
import { declaredScreen } from '../admin/declaredScreen';
import { nameScreens } from '../providers/screenNames';
import type { ScreenDeclaration } from '../admin/screenDeclaration';
import accessibleFiles from './accessibleFiles';
import agreementAcceptances from './agreementAcceptances';
import agreements from './agreements';
import cannedResponses from './cannedResponses';
import fileRequests from './fileRequests';
import formDefinitions from './formDefinitions';
import helpCenter from './helpCenter';
import helpArticles from './helpArticles';
import onboardingRules from './onboardingRules';
import ownPartnerForms from './ownPartnerForms';
import partnerForms from './partnerForms';
import partners from './partners';
import partnerUsers from './partnerUsers';
import roles from './roles';
import signInSettings from './signInSettings';
import supportDesk from './supportDesk';
import ticketManager from './ticketManager';
import tickets from './tickets';
import users from './users';
import validationRules from './validationRules';

/** The screens written here (a folder with its index.ts each); a declared resource's may use its declaration. */
const writtenScreens: readonly ScreenDeclaration[] = [
  partnerUsers,
  ownPartnerForms,
  formDefinitions,
  validationRules,
  partnerForms,
  onboardingRules,
  tickets,
  ticketManager,
  supportDesk,
  cannedResponses,
  helpArticles,
  helpCenter,
  accessibleFiles,
  partners,
  users,
  roles,
  signInSettings,
  fileRequests,
  agreements,
  agreementAcceptances,
];

/**
 * Every screen of specification section 2 but home, profile and settings: routes, menu, react-admin
 * resources, API paths and permission resources are computed from this list. It holds the written screens,
 * then the screen of each declared resource (contract/resources/) that has no folder here.
 */
export const screenDeclarations: readonly ScreenDeclaration[] = [
  ...writtenScreens,
  ...declaredResources.filter((d) => !writtenScreens.some((screen) => screen.name === d.name)).map((d) => declaredScreen(d)),
];

nameScreens(screenDeclarations);
