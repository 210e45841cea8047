import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { permissionsOfRole } from '../../../mocks/accounts';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { declaredResources, type ResourceDeclaration } from '../../../contract/resources';
import { navTestId } from '../../../src/layout/navigation';
import { SideNav } from '../../../src/layout/SideNav';
import { authProvider } from '../../../src/providers/auth/authProvider';
import { signInAs } from '../sessionFixtures';

/** The menu items of the screens written by hand, in the menu's order. */
const WRITTEN_LINKS = [
  'nav-home',
  'nav-forms',
  'nav-help-center',
  'nav-form-config',
  'nav-partner-forms',
  'nav-next-partner-forms',
  'nav-tickets',
  'nav-ticket-manager',
  'nav-canned-responses',
  'nav-help-articles',
  'nav-support-desk-settings',
  'nav-accessible-files',
  'nav-user-management',
  'nav-roles',
  'nav-sign-in-settings',
  'nav-agreement-acceptances',
];

/** The menu items the declarations place (contract/resources/, `screen.navigation`), with their area and position. */
const DECLARED_LINKS = (declaredResources as readonly ResourceDeclaration[]).flatMap((d) =>
  d.screen?.navigation ? [{ testId: navTestId(`/${d.screen.path ?? d.name}`), ...d.screen.navigation }] : [],
);

function renderSideNav(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext authProvider={authProvider} i18nProvider={createI18nProvider('en')}>
        <SideNav />
      </AdminContext>
    </MemoryRouter>,
  );
}

const shownLinks = () =>
  within(screen.getByTestId('side-nav'))
    .queryAllByRole('link')
    .map((link) => link.getAttribute('data-testid'))
    .filter((id) => id?.startsWith('nav-'));

describe('side navigation', () => {
  it('shows the admin every item once Administration is opened', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderSideNav();
    await screen.findByTestId('nav-partners');
    await user.click(screen.getByTestId('nav-group-administration'));
    const shown = shownLinks();
    expect(shown.filter((id) => !DECLARED_LINKS.some((link) => link.testId === id))).toEqual(WRITTEN_LINKS);
    expect([...shown].filter((id) => DECLARED_LINKS.some((link) => link.testId === id)).sort()).toEqual(DECLARED_LINKS.map((link) => link.testId).sort());
    // Within an area, declared items keep their positions' order.
    for (const a of DECLARED_LINKS)
      for (const b of DECLARED_LINKS) if (a.area === b.area && a.position < b.position) expect(shown.indexOf(a.testId)).toBeLessThan(shown.indexOf(b.testId));
  });

  it('keeps Administration collapsed by default', async () => {
    signInAs('admin');
    renderSideNav();
    const administration = await screen.findByTestId('nav-group-administration');
    expect(administration).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('nav-user-management')).not.toBeInTheDocument();
    expect(screen.getByTestId('nav-group-form-configuration')).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows a partner only its items, and no group without a permitted child', async () => {
    signInAs('partner');
    renderSideNav();
    await screen.findByTestId('nav-tickets');
    expect(shownLinks()).toEqual(['nav-home', 'nav-forms', 'nav-help-center', 'nav-tickets', 'nav-accessible-files', 'nav-partner-contacts']);
    expect(screen.queryByTestId('nav-group-administration')).not.toBeInTheDocument();
    // Their own forms sit beside Home, not under staff's Form Configuration.
    expect(screen.queryByTestId('nav-group-form-configuration')).not.toBeInTheDocument();
    expect(screen.queryByText('Form Configuration')).not.toBeInTheDocument();
    expect(screen.getByTestId('nav-group-ticket-management')).toBeInTheDocument();
  });

  it('adds User for a partner administrator (PartnerUsers)', async () => {
    signInAs('partner', undefined, { withPermissions: false });
    localStorage.setItem('portal.permissions', JSON.stringify(permissionsOfRole('PartnerAdmin')));
    renderSideNav();
    expect(await screen.findByTestId('nav-partner-users')).toBeInTheDocument();
  });

  it('highlights the item of the first path segment and opens its group', async () => {
    signInAs('admin');
    renderSideNav('/roles/42/permissions');
    const roles = await screen.findByTestId('nav-roles');
    expect(roles).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('nav-home')).not.toHaveAttribute('aria-current');
    expect(screen.getByTestId('nav-group-administration')).toHaveAttribute('aria-expanded', 'true');
  });

  it('highlights Tickets Management on its detail screens', async () => {
    signInAs('admin');
    renderSideNav('/ticket-management/7/detail');
    expect(await screen.findByTestId('nav-ticket-manager')).toHaveAttribute('aria-current', 'page');
  });
});
