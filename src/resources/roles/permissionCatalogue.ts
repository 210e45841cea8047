import { ACTIONS, permission, RESOURCES, type Action, type Resource } from '../../../contract/permissions';

export interface PermissionGroup {
  resource: Resource;
  actions: Action[];
}

type Translate = (key: string) => string;

export const resourceLabel = (translate: Translate, resource: string) => translate(`admin.permissions.resources.${resource}`);
export const actionLabel = (translate: Translate, action: string) => translate(`admin.permissions.actions.${action}`);

/** "Partners · View" for `Permissions.Partners.View`, in the reader's language. */
export function permissionLabel(translate: Translate, key: string): string {
  const [, resource, action] = key.split('.');
  return resource && action ? `${resourceLabel(translate, resource)} · ${actionLabel(translate, action)}` : key;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();

/**
 * The whole catalogue (contract/permissions.ts) grouped by resource, narrowed by a search: a resource whose
 * name matches keeps every action, otherwise only the matching actions stay. Names match as the catalogue
 * spells them (AdminView) and in the reader's language, without diacritics ("xuat" finds "Xuất file").
 */
export function permissionGroups(translate: Translate, search: string): PermissionGroup[] {
  const wanted = fold(search.trim());
  return RESOURCES.map((resource) => {
    if (!wanted || fold(`${resource} ${resourceLabel(translate, resource)}`).includes(wanted)) return { resource, actions: [...ACTIONS] };
    const actions = ACTIONS.filter((action) => fold(`${action} ${actionLabel(translate, action)} ${permission(resource, action)}`).includes(wanted));
    return { resource, actions };
  }).filter((group) => group.actions.length > 0);
}
