import type { ReactElement } from 'react';
import { Route, useParams } from 'react-router-dom';
import { Resource, type ResourceProps } from 'react-admin';
import { RedirectToNotFound } from './RedirectToNotFound';
import { basePathOf, type ScreenDeclaration } from './screenDeclaration';

/** A resource's list at `/{name}`; deeper addresses that no route takes are unknown. */
function ListAtItsAddress({ screen }: { screen: ReactElement }) {
  const { '*': below } = useParams();
  return below ? <RedirectToNotFound /> : screen;
}

/**
 * A declaration as react-admin's `<Resource>` sees it. `hasEdit` holds when `/{name}/{id}` opens a row's
 * edit dialog, so react-admin's links to a record (reference fields) land on it.
 */
export function resourcePropsOf(declaration: ScreenDeclaration): Omit<ResourceProps, 'list'> {
  return {
    name: declaration.name,
    icon: declaration.icon,
    options: { label: declaration.labelKey },
    recordRepresentation: declaration.recordRepresentation,
    hasEdit: declaration.routes.some((route) => route.view === 'entity' && route.path === `${declaration.name}/:id?`),
  };
}

/** The route that shows the list at react-admin's list address `/{name}`, when there is one. */
export const listRouteOf = (declaration: ScreenDeclaration) => declaration.routes.find((route) => basePathOf(route.path) === `/${declaration.name}`);

/**
 * Every declaration as a react-admin `<Resource>` (canAccess, recordRepresentation, reference fields), to
 * be placed directly among `<Admin>`'s children. Our routes outrank the resource's own `/{name}/*`, so its
 * list (the same screen, from `screenOf`) is reached only below it, where the address is unknown.
 */
export function resourceElementsOf(declarations: readonly ScreenDeclaration[], screenOf: (routePath: string) => ReactElement) {
  return declarations.map((declaration) => {
    const listRoute = listRouteOf(declaration);
    return (
      <Resource key={declaration.name} {...resourcePropsOf(declaration)} list={listRoute ? <ListAtItsAddress screen={screenOf(listRoute.path)} /> : undefined}>
        {!listRoute && <Route path="*" element={<RedirectToNotFound />} />}
      </Resource>
    );
  });
}
