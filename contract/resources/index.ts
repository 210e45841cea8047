import { agreementsDeclaration } from './agreements';
import { cannedResponsesDeclaration } from './cannedResponses';
import { countriesDeclaration } from './countries';
import { helpCategoriesDeclaration } from './helpCategories';
import { partnerContactsDeclaration } from './partnerContacts';
import { partnersDeclaration } from './partners';
import { partnerUsersDeclaration } from './partnerUsers';
import { validationRulesDeclaration } from './validationRules';

/**
 * Every declared resource (README "Adding a resource"): the server serves each (table, routes, documentation,
 * live audience) and the browser shows each (screen, menu, react-admin resource) from this list.
 */
export const declaredResources = [
  countriesDeclaration,
  partnersDeclaration,
  validationRulesDeclaration,
  partnerContactsDeclaration,
  partnerUsersDeclaration,
  cannedResponsesDeclaration,
  helpCategoriesDeclaration,
  agreementsDeclaration,
] as const;

export type DeclaredResource = (typeof declaredResources)[number];

/** The permission resources the declarations add to the catalogue. */
export type DeclaredPermission = DeclaredResource['permission'];

export const declaredResourceNamed = (name: string) => declaredResources.find((d) => d.name === name);

export { defineResource, type DtoOf, type ResourceDeclaration } from './declaration';
export { computed } from './computed';
export { fields } from './fields';
export { none, ownPartner, ownUser, sharedOrOwn } from './scopes';
