import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminMock } from '../../../mocks/adminApi';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import RolePermissionsPage from '../../../src/resources/roles/RolePermissionsPage';
import { MATRIX_ROWS, hiddenCount, permissionMatrix } from '../../../src/resources/roles/permissionMatrix';
import { resourceDescription } from '../../../src/resources/roles/permissionCatalogue';
import { renderInAdmin } from '../entityTable/renderEntityTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';

const partnerRole = () => adminMock.roles.find((r) => r.name === 'Partner')!;
const renderPage = (language: 'en' | 'vi' = 'en') =>
  renderInAdmin(<RolePermissionsPage />, { url: `/roles/${partnerRole().id}/permissions`, path: '/roles/:id/permissions', language });
const shownKeys = new Set(MATRIX_ROWS.flatMap(({ resource, actions }) => actions.map((action) => `Permissions.${resource}.${action}`)));

async function saveAndConfirm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('permission-save'));
  await user.click(within(await screen.findByTestId('permission-change-dialog')).getByRole('button', { name: 'Confirm' }));
  await screen.findByText('Permissions saved');
}

describe('role permission matrix', { timeout: 30_000 }, () => {
  it('toggling one cell saves exactly that permission string', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const before = [...adminMock.rolePermissions.get(partnerRole().id)!];
    renderPage();
    const cell = await screen.findByRole('checkbox', { name: 'Partners: Create' }, LOAD);
    expect(cell).not.toBeChecked();
    await user.click(cell);
    expect(screen.getByTestId('permission-changed-count')).toHaveTextContent('1 change');
    await saveAndConfirm(user);
    expect([...adminMock.rolePermissions.get(partnerRole().id)!].sort()).toEqual([...before, 'Permissions.Partners.Create'].sort());
  });

  it('keeps the permissions it does not show (template resources) as they were when saving', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const hidden = adminMock.rolePermissions.get(partnerRole().id)!.filter((key) => !shownKeys.has(key));
    expect(hidden).toEqual(expect.arrayContaining(['Permissions.Dashboard.View', 'Permissions.FormSections.Update']));
    renderPage();
    expect(await screen.findByTestId('permission-hidden-kept', {}, LOAD)).toHaveTextContent(`${hidden.length} more permissions of this role`);
    expect(screen.queryByText(/Permissions\.\w+\.\w+/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('permission-row-Todos')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Tickets: View' }));
    await saveAndConfirm(user);
    const saved = adminMock.rolePermissions.get(partnerRole().id)!;
    expect(saved).toEqual(expect.arrayContaining(hidden));
    expect(saved).not.toContain('Permissions.Tickets.View');
  });

  it('a column toggle turns that action on for every resource that has it', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Delete on every resource' }, LOAD));
    for (const row of MATRIX_ROWS.filter((r) => r.actions.includes('Delete'))) {
      expect(screen.getByTestId(`permission-Permissions.${row.resource}.Delete`).querySelector('input')).toBeChecked();
    }
    expect(screen.getByRole('checkbox', { name: 'Delete on every resource' })).toBeChecked();
  });

  it('names rows, descriptions and cells in Vietnamese', async () => {
    signInAs('admin');
    renderPage('vi');
    const row = within(await screen.findByTestId('permission-row-Partners', {}, LOAD));
    expect(row.getByRole('rowheader')).toHaveTextContent('Đối tác');
    expect(row.getByText('Các tổ chức bạn tiếp nhận')).toBeInTheDocument();
    expect(row.getByRole('checkbox', { name: 'Đối tác: Tạo mới' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Quyền theo tài nguyên và thao tác' })).toBeInTheDocument();
  });
});

describe('the matrix model', () => {
  const translate = (key: string) => createI18nProvider('en').translate(key);

  it('has a description in en and vi for every row, and no row for a template resource', () => {
    const vi = createI18nProvider('vi');
    for (const { resource } of MATRIX_ROWS) {
      const english = resourceDescription(translate, resource);
      expect(english).not.toMatch(/^(admin\.permissions|resources)\./);
      expect(resourceDescription(vi.translate, resource)).not.toBe(english);
    }
    expect(MATRIX_ROWS.some((row) => ['Tenants', 'Products', 'Todos', 'Brands', 'Hangfire'].includes(row.resource))).toBe(false);
  });

  it('leaves an empty cell where a resource has no such action', () => {
    const { columns, rows } = permissionMatrix(translate, '');
    const auditTrails = rows.find((row) => row.resource === 'AuditTrails')!;
    expect(auditTrails.cells.filter(Boolean)).toEqual(['Permissions.AuditTrails.View']);
    expect(auditTrails.cells).toHaveLength(columns.length);
  });

  it('counts the permissions it hides', () => {
    expect(hiddenCount(new Set(['Permissions.Partners.View', 'Permissions.Todos.View', 'Permissions.Tenants.Create']))).toBe(2);
  });
});
