import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';
import type { SvgIconComponent } from '@mui/icons-material';
import type { Resource } from '../../contract/permissions';
import type { EntityResource } from '../entityTable/types';
import type { ScreenAccess } from './screenAccess';

/** A screen of its own, loaded when first opened. */
export type LazyPage = () => Promise<{ default: ComponentType }>;

/**
 * What a route shows: the declaration's entity table, a page of its own, or the placeholder of a screen a
 * later issue builds (titled with the route's title).
 */
export type RouteView = 'entity' | 'placeholder' | LazyPage;

export interface ScreenRoute {
  /** The path under the app's root, without the leading slash; `:id?` opens that row's edit dialog. */
  path: string;
  view: RouteView;
  /** A placeholder's heading; the declaration's label by default. */
  titleKey?: string;
  /** What opening this route needs, when it is not the declaration's access. */
  access?: ScreenAccess;
  /** Shown outside the main layout (the form section input, the file request page). */
  withoutLayout?: boolean;
}

/** The side navigation's areas, top to bottom (their look is in src/layout/navigation.ts). */
export type NavigationAreaId = 'start' | 'form-configuration' | 'ticket-management' | 'files-and-partners' | 'administration';

export interface NavigationPlacement {
  area: NavigationAreaId;
  /** Order within the area, smallest first. */
  position: number;
  /** The route the menu item opens; the first route by default. The item needs what that route needs. */
  routePath?: string;
}

/**
 * Everything the app knows about one screen, in `src/resources/<resource>/index.ts`: the routes, the
 * menu item, the react-admin `<Resource>`, the API path the data provider calls and the permission resource
 * `canAccess` checks are all computed from it. Heavy code (the table, pages) stays behind `import()`, since
 * the list of declarations is loaded with the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each resource declares its own row type
export interface ScreenDeclaration<T = any> {
  /** react-admin's resource name (query keys, `canAccess`, `<Resource name>`). */
  name: string;
  /** The API's resource path under /api/v1 (DESIGN.md). */
  apiPath: string;
  /** The catalogue resource whose permissions gate the screen's actions. */
  permissionResource: Resource;
  /** The screen's name: its menu item, react-admin's resource label, the default route title. */
  labelKey: string;
  icon: SvgIconComponent;
  /** What every route needs unless it says otherwise; none means any signed-in user. */
  access?: ScreenAccess;
  routes: ScreenRoute[];
  /** Where the screen's item sits in the side navigation; screens reached from others have none. */
  navigation?: NavigationPlacement;
  /** A row's title (dialogs, react-admin's reference fields). */
  recordRepresentation?: (row: T) => string;
  /** The name the server announces changes under (`ResourceChanged.resource`); the API path by default. */
  liveResource?: string;
  /** The entity table's declaration, for routes whose view is `entity`. */
  entity?: () => Promise<{ default: EntityResource<T & RaRecord> }>;
}

/** A permission resource's View or Search (specification section 2: a resource-only permission). */
export const list = (resource: Resource): ScreenAccess => ({ resource, action: 'list' });

/** The address of a route's screen: its path without the optional row id. */
export const basePathOf = (path: string) => `/${path.replace(/\/:id\?$/, '')}`;

/** What a route needs: its own access or its declaration's. */
export const accessOf = (declaration: ScreenDeclaration, route: ScreenRoute) => route.access ?? declaration.access;

/** The parts of an entity table that its screen declares; the table file spreads them in. */
export function declaredIdentity<T>(declaration: ScreenDeclaration<T>) {
  return {
    name: declaration.name,
    permissions: declaration.permissionResource,
    recordTitle: declaration.recordRepresentation ?? ((row: T) => String((row as { id?: unknown }).id ?? '')),
    liveResource: declaration.liveResource ?? declaration.apiPath,
  };
}
