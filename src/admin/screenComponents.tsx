import { lazy, type ComponentType } from 'react';
import { basePathOf } from './screenDeclaration';
import type { ScreenRouteEntry } from './screenRoutes';

const ScreenPlaceholder = lazy(() => import('../pages/placeholder/ScreenPlaceholder'));

/**
 * What a route renders, loaded when first opened: its declaration's entity table, a page of its own, or
 * the placeholder of a screen a later issue builds.
 */
export function screenComponent({ path, titleKey, view, declaration }: ScreenRouteEntry): ComponentType {
  if (typeof view === 'function') return lazy(view);
  if (view === 'entity') {
    const entity = declaration.entity;
    if (!entity) throw new Error(`${declaration.name} shows its entity table at /${path} but declares none`);
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
