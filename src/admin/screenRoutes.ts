import { screenDeclarations } from '../resources';
import type { ScreenAccess } from './screenAccess';
import { accessOf, type RouteView, type ScreenDeclaration } from './screenDeclaration';

/** One route of the app as AdminApp mounts it, with what it needs and the declaration it belongs to. */
export interface ScreenRouteEntry {
  path: string;
  titleKey: string;
  access?: ScreenAccess;
  withoutLayout: boolean;
  view: RouteView;
  declaration: ScreenDeclaration;
}

export function routesOf(declarations: readonly ScreenDeclaration[]): ScreenRouteEntry[] {
  return declarations.flatMap((declaration) =>
    declaration.routes.map((route) => ({
      path: route.path,
      titleKey: route.titleKey ?? declaration.labelKey,
      access: accessOf(declaration, route),
      withoutLayout: !!route.withoutLayout,
      view: route.view,
      declaration,
    })),
  );
}

/** Every screen route of specification section 2 (home, profile and settings aside). */
export const screenRoutes = routesOf(screenDeclarations);
