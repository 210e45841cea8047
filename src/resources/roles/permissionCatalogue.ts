type Translate = (key: string) => string;

export const resourceLabel = (translate: Translate, resource: string) => translate(`admin.permissions.resources.${resource}`);
export const actionLabel = (translate: Translate, action: string) => translate(`admin.permissions.actions.${action}`);

/** "Partners · View" for `Permissions.Partners.View`, in the reader's language. */
export function permissionLabel(translate: Translate, key: string): string {
  const [, resource, action] = key.split('.');
  return resource && action ? `${resourceLabel(translate, resource)} · ${actionLabel(translate, action)}` : key;
}
