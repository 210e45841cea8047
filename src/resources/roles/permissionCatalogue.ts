import { declaredResources } from '../../../contract/resources';
import { labelKeysOf } from '../../../contract/resources/declaration';

type Translate = (key: string) => string;

const declaredWith = (resource: string) => declaredResources.find((d) => d.permission === resource);

/** A permission resource's name: a declared resource's title (contract/resources/), else the catalogue's. */
export function resourceLabel(translate: Translate, resource: string) {
  const declared = declaredWith(resource);
  return translate(declared && !isWrittenLabel(resource) ? labelKeysOf(declared).title : `admin.permissions.resources.${resource}`);
}

/** What a permission resource covers: a declared resource's description, else the catalogue's. */
export function resourceDescription(translate: Translate, resource: string) {
  const declared = declaredWith(resource);
  return translate(declared && !isWrittenLabel(resource) ? labelKeysOf(declared).description : `admin.permissions.descriptions.${resource}`);
}

// Resources the catalogue names itself (they were there before their declarations).
const isWrittenLabel = (resource: string) => ['Partners', 'ValidationRules', 'PartnerUsers'].includes(resource);
export const actionLabel = (translate: Translate, action: string) => translate(`admin.permissions.actions.${action}`);

/** "Partners · View" for `Permissions.Partners.View`, in the reader's language. */
export function permissionLabel(translate: Translate, key: string): string {
  const [, resource, action] = key.split('.');
  return resource && action ? `${resourceLabel(translate, resource)} · ${actionLabel(translate, action)}` : key;
}
