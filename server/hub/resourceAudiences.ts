import { permission } from '../../contract/permissions';
import { declaredResourceNamed } from '../../contract/resources';
import { scopeRulesOf } from '../core/declared/scopes';
import type { ResourceChanged } from '../core/events';
import { viewOrSearch, type HubAudience } from './audience';
import { hubGroups } from './groups';

/**
 * Who hears ResourceChanged of each resource written by hand: whoever may read it through the API, with the same
 * permissions and partner scope as its routes. A declared resource's readers come from its declaration; any other
 * resource missing here is heard by nobody: add it with its readers.
 */
const RESOURCE_AUDIENCES: Record<string, (event: ResourceChanged) => HubAudience> = {
  // ticketSearch.ts ticketScope: a partner's users see its tickets; staff need AdminView.
  tickets: (event) => ofPartner(event, viewOrSearch('Tickets', permission('Tickets', 'AdminView'))),
  // /users shows a partner's users to its own users and to staff; /partner-users shows them to staff with AdminView.
  users: (event) =>
    event.partnerId
      ? { scope: { partnerId: event.partnerId }, readers: [...viewOrSearch('Users'), ...viewOrSearch('PartnerUsers', permission('PartnerUsers', 'AdminView'))] }
      : { scope: 'staff', readers: viewOrSearch('Users') },
  roles: () => ({ scope: 'anyone', readers: viewOrSearch('Roles') }),
  forms: () => ({ scope: 'staff', readers: viewOrSearch('Form') }),
  // partnerForms.service.ts scope: a partner's users see its partner forms; staff need AdminView.
  'partner-forms': (event) => ofPartner(event, viewOrSearch('PartnerForm', permission('PartnerForm', 'AdminView'))),
  'next-partner-forms': () => ({ scope: 'staff', readers: viewOrSearch('NextPartnerForms') }),
  // The file manager and its log are staff's (AccessibleFile.AdminView).
  files: () => ({ scope: 'staff', readers: [{ all: [permission('AccessibleFile', 'AdminView')] }] }),
  // A grant reaches a partner's users (partnerId set) or, for a role, anyone: their list of accessible files refetches.
  'file-grants': (event) =>
    event.partnerId
      ? ofPartner(event, viewOrSearch('AccessibleFile', permission('AccessibleFile', 'AdminView')))
      : { scope: 'anyone', readers: viewOrSearch('AccessibleFile') },
  // fileRequests scope: a partner's users see its requests; staff need AdminView.
  'file-requests': (event) => ofPartner(event, viewOrSearch('FileAccessRequest', permission('FileAccessRequest', 'AdminView'))),
  // The support desk's service level settings (issue 25): staff who may read them.
  'service-levels': () => ({ scope: 'staff', readers: [{ all: [permission('ServiceLevels', 'View')] }] }),
  // The help center's working copies (issue 39) are staff's; readers hear no event of them.
  'help-articles': () => ({ scope: 'staff', readers: viewOrSearch('HelpArticles') }),
  // Agreements' acceptances (issue 40): a partner's own readers of them, and staff with AdminView (agreements.service.ts).
  'agreement-acceptances': (event) => ofPartner(event, viewOrSearch('Agreements', permission('Agreements', 'AdminView'))),
};

/** A declared resource (contract/resources/) is heard by whom its scope says may read it. */
function declaredAudience(event: ResourceChanged): HubAudience | undefined {
  const declared = declaredResourceNamed(event.resource);
  return declared && scopeRulesOf(declared, noColumns).audience(event);
}

const noColumns = () => {
  throw new Error('an audience reads no column');
};

function ofPartner(event: ResourceChanged, readers: HubAudience['readers']): HubAudience {
  return { scope: event.partnerId ? { partnerId: event.partnerId } : 'staff', readers };
}

/** The audience of a change and the groups to look for it in; null for a resource nobody is declared to read. */
export function audienceOfChange(event: ResourceChanged): { groups: string[]; audience: HubAudience } | null {
  const audience = Object.hasOwn(RESOURCE_AUDIENCES, event.resource) ? RESOURCE_AUDIENCES[event.resource](event) : declaredAudience(event);
  if (!audience) return null;
  const { scope } = audience;
  const groups = scope === 'anyone' ? [hubGroups.everyone] : scope === 'staff' ? [hubGroups.staff] : [hubGroups.staff, hubGroups.partner(scope.partnerId)];
  return { groups, audience };
}
