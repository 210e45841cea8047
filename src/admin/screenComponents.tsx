import { lazy, type ComponentType } from 'react';
import type { Screen } from './screens';

const ScreenPlaceholder = lazy(() => import('../pages/placeholder/ScreenPlaceholder'));

/** The address of a screen's list: its path without the optional row id. */
export const basePathOf = (path: string) => `/${path.replace(/\/:id\?$/, '')}`;

/**
 * What a screen renders, loaded when first opened: a declared resource in the entity table, a page of its
 * own, or the placeholder of a screen a later issue builds.
 */
export function screenComponent({ path, titleKey, entity, page }: Screen): ComponentType {
  if (page) return lazy(page);
  if (entity) {
    return lazy(async () => {
      const [{ EntityTableScreen }, { default: resource }] = await Promise.all([import('../entityTable/EntityTableScreen'), entity()]);
      const basePath = basePathOf(path);
      return { default: () => <EntityTableScreen resource={resource} basePath={basePath} /> };
    });
  }
  return function Placeholder() {
    return <ScreenPlaceholder titleKey={titleKey} />;
  };
}
