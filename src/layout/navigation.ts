import type { SvgIconComponent } from '@mui/icons-material';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import { isAllowed, type ScreenAccess } from '../admin/screenAccess';
import { accessOf, basePathOf, type NavigationAreaId, type ScreenDeclaration } from '../admin/screenDeclaration';
import { screenDeclarations } from '../resources';

export interface NavLink {
  kind: 'link';
  path: string;
  labelKey: string;
  icon: SvgIconComponent;
  access?: ScreenAccess;
  /** First path segments that also highlight this item (its detail screens under another name). */
  alsoActiveOn?: string[];
}

export interface NavGroup {
  kind: 'group';
  id: string;
  labelKey: string;
  icon: SvgIconComponent;
  collapsedByDefault?: boolean;
  children: NavLink[];
}

export type NavEntry = NavLink | NavGroup;

/** An area of the side navigation: loose links, or one group (its header opens and closes it). */
interface NavigationArea {
  id: NavigationAreaId;
  group?: { labelKey: string; icon: SvgIconComponent; collapsedByDefault?: boolean };
}

/** The areas of specification section 2, top to bottom, separated by dividers. */
export const navigationAreas: NavigationArea[] = [
  { id: 'start' },
  { id: 'form-configuration', group: { labelKey: 'app.nav.formConfiguration', icon: DescriptionOutlined } },
  { id: 'ticket-management', group: { labelKey: 'app.nav.ticketManagement', icon: SupportAgentOutlined } },
  { id: 'files-and-partners' },
  { id: 'administration', group: { labelKey: 'app.nav.administration', icon: AdminPanelSettingsOutlined, collapsedByDefault: true } },
];

/** Home is react-admin's dashboard, not a declared screen: the first item, open to everyone. */
const homeLink: NavLink = { kind: 'link', path: '/', labelKey: 'app.nav.home', icon: HomeOutlined };

const firstSegmentOfRoute = (path: string) => path.split('/')[0];

/**
 * A declaration's menu item: the path, label, icon and access of the route it opens, highlighted on its
 * other routes too (the ticket manager's /ticket-management screens).
 */
export function navLinkOf(declaration: ScreenDeclaration): NavLink {
  const placement = declaration.navigation;
  const route = declaration.routes.find((candidate) => candidate.path === (placement?.routePath ?? declaration.routes[0].path));
  if (!route) throw new Error(`${declaration.name}'s menu item opens ${placement?.routePath}, which it does not declare`);
  const segment = firstSegmentOfRoute(route.path);
  const alsoActiveOn = [...new Set(declaration.routes.map((other) => firstSegmentOfRoute(other.path)))].filter((other) => other !== segment);
  return {
    kind: 'link',
    path: basePathOf(route.path),
    labelKey: declaration.labelKey,
    icon: declaration.icon,
    access: accessOf(declaration, route),
    ...(alsoActiveOn.length ? { alsoActiveOn } : {}),
  };
}

/** The side navigation computed from the declarations: each area's items by position, in sections. */
export function navigationOf(declarations: readonly ScreenDeclaration[]): NavEntry[][] {
  return navigationAreas.map((area) => {
    const links = declarations
      .filter((declaration) => declaration.navigation?.area === area.id)
      .sort((a, b) => a.navigation!.position - b.navigation!.position)
      .map(navLinkOf);
    if (area.id === 'start') links.unshift(homeLink);
    return area.group ? [{ kind: 'group', id: area.id, ...area.group, children: links }] : links;
  });
}

export const navigationSections: NavEntry[][] = navigationOf(screenDeclarations);

/** The sections as this user sees them: permitted links, groups with at least one, no empty section. */
export function visibleNavigation(permissions: readonly string[] | undefined): NavEntry[][] {
  return navigationSections
    .map((section) =>
      section.flatMap<NavEntry>((entry) => {
        if (entry.kind === 'link') return isAllowed(permissions, entry.access) ? [entry] : [];
        const children = entry.children.filter((child) => isAllowed(permissions, child.access));
        return children.length ? [{ ...entry, children }] : [];
      }),
    )
    .filter((section) => section.length > 0);
}

export function firstSegment(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}

/** The current item is the one whose first path segment is the location's (specification section 2). */
export function isActiveLink(link: NavLink, pathname: string): boolean {
  const current = firstSegment(pathname);
  return current === firstSegment(link.path) || (link.alsoActiveOn ?? []).includes(current);
}

/** data-testid of a link: its path without slashes, e.g. nav-partner-users; nav-home for /. */
export function navTestId(path: string): string {
  return `nav-${path === '/' ? 'home' : path.replace(/^\/+/, '').replace(/\//g, '-')}`;
}
