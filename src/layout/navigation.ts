import type { SvgIconComponent } from '@mui/icons-material';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FolderSharedOutlined from '@mui/icons-material/FolderSharedOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import PlaylistAddCheckOutlined from '@mui/icons-material/PlaylistAddCheckOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { isAllowed, type ScreenAccess } from '../admin/screenAccess';

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

const list = (resource: ScreenAccess['resource']): ScreenAccess => ({ resource, action: 'list' });

/** The side navigation of specification section 2, in sections separated by dividers. */
export const navigationSections: NavEntry[][] = [
  [
    { kind: 'link', path: '/', labelKey: 'app.nav.home', icon: HomeOutlined },
    { kind: 'link', path: '/partner/users', labelKey: 'app.nav.partnerUsers', icon: PeopleAltOutlined, access: list('PartnerUsers') },
  ],
  [
    {
      kind: 'group',
      id: 'form-configuration',
      labelKey: 'app.nav.formConfiguration',
      icon: DescriptionOutlined,
      children: [
        { kind: 'link', path: '/forms', labelKey: 'app.nav.forms', icon: ListAltOutlined, access: list('PartnerForm') },
        { kind: 'link', path: '/form-config', labelKey: 'app.nav.formConfig', icon: TuneOutlined, access: { resource: 'Form', action: 'Configure' } },
        { kind: 'link', path: '/validation-rules', labelKey: 'app.nav.validationRules', icon: RuleOutlined, access: list('ValidationRules') },
        {
          kind: 'link',
          path: '/partner-forms',
          labelKey: 'app.nav.partnerForms',
          icon: AssignmentOutlined,
          access: { resource: 'PartnerForm', action: 'AdminView' },
        },
        {
          kind: 'link',
          path: '/next-partner-forms',
          labelKey: 'app.nav.nextPartnerForms',
          icon: PlaylistAddCheckOutlined,
          access: list('NextPartnerForms'),
        },
      ],
    },
  ],
  [
    {
      kind: 'group',
      id: 'ticket-management',
      labelKey: 'app.nav.ticketManagement',
      icon: SupportAgentOutlined,
      children: [
        { kind: 'link', path: '/tickets', labelKey: 'app.nav.tickets', icon: ConfirmationNumberOutlined, access: list('Tickets') },
        {
          kind: 'link',
          path: '/ticket-manager',
          labelKey: 'app.nav.ticketManager',
          icon: ManageSearchOutlined,
          access: { resource: 'Tickets', action: 'AdminView' },
          alsoActiveOn: ['ticket-management'],
        },
      ],
    },
  ],
  [
    {
      kind: 'link',
      path: '/accessible-files',
      labelKey: 'app.nav.accessibleFiles',
      icon: FolderSharedOutlined,
      access: { resource: 'AccessibleFile', action: 'View' },
    },
    { kind: 'link', path: '/partners', labelKey: 'app.nav.partners', icon: BusinessOutlined, access: { resource: 'Partners', action: 'AdminView' } },
  ],
  [
    {
      kind: 'group',
      id: 'administration',
      labelKey: 'app.nav.administration',
      icon: AdminPanelSettingsOutlined,
      collapsedByDefault: true,
      children: [
        { kind: 'link', path: '/user-management', labelKey: 'app.nav.users', icon: GroupOutlined, access: list('Users') },
        { kind: 'link', path: '/roles', labelKey: 'app.nav.roles', icon: BadgeOutlined, access: list('Roles') },
      ],
    },
  ],
];

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
