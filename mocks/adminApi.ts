import { http, HttpResponse } from 'msw';
import type { AuditTrailEntryDto } from '../contract/auditTrail';
import type { PagedResult, SearchRequest } from '../contract/envelope';
import type { PartnerDto } from '../contract/partners';
import { ALL_PERMISSIONS } from '../contract/permissions';
import type { RoleDto, RolePermissionsChange, RolePermissionsDto } from '../contract/roles.dto';
import { SEEDED_ROLES } from '../contract/roles';
import type { UserDto, UserRoleDto } from '../contract/users';
import { created, failed, ok } from './envelopes';

/**
 * The administration API as the browser's component tests need it: users (search, toggle status, roles,
 * audit trail), roles with their permissions (read, preview, save), and the CSV export of partners.
 * Partners themselves are served by handlers.ts.
 */
export const adminMock = {
  users: [] as UserDto[],
  roles: [] as RoleDto[],
  rolePermissions: new Map<string, string[]>(),
  userRoles: new Map<string, string[]>(),
  reset() {
    this.roles = SEEDED_ROLES.map((role, index) => ({
      id: `00000000-0000-4000-a000-00000000000${index + 1}`,
      name: role.name,
      description: role.description,
      priority: role.priority,
      requireSecondFactor: role.requireSecondFactor ?? false,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    }));
    this.rolePermissions = new Map(SEEDED_ROLES.map((role, index) => [this.roles[index].id, [...role.permissions]]));
    this.users = [
      userRow(1, { firstName: 'Alice', lastName: 'Nguyễn', email: 'partner.admin@acme.example', role: 'PartnerAdmin' }),
      userRow(2, { firstName: 'Bình', lastName: 'Trần', email: 'partner@acme.example', isActive: false }),
    ];
    this.userRoles = new Map([
      [this.users[0].id, [this.roles[2].id]],
      [this.users[1].id, [this.roles[3].id]],
    ]);
  },
};

/** A user of Acme, as GET /users/{id} answers it. */
export function userRow(n: number, over: Partial<UserDto> = {}): UserDto {
  const firstName = over.firstName ?? `User${n}`;
  const lastName = over.lastName ?? 'Tester';
  return {
    id: `00000000-0000-4000-b000-${String(n).padStart(12, '0')}`,
    fullName: `${firstName} ${lastName}`,
    firstName,
    lastName,
    userName: over.email ?? `user${n}@acme.example`,
    email: `user${n}@acme.example`,
    phoneNumber: null,
    partnerId: '00000000-0000-4000-9000-000000000001',
    partnerName: 'Acme Logistics',
    roleId: null,
    role: 'Partner',
    isActive: true,
    emailConfirmed: true,
    organization: null,
    imageUrl: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    heldUntil: null,
    mailBouncedAt: null,
    ...over,
  };
}

function pageOf<T>(items: T[], search: SearchRequest): PagedResult<T> {
  const start = (search.pageNumber - 1) * search.pageSize;
  return { items: items.slice(start, start + search.pageSize), totalCount: items.length, currentPage: search.pageNumber, pageSize: search.pageSize };
}

const findUser = (id: unknown) => adminMock.users.find((u) => u.id === id);

/** `POST /api/v1/users/:id/{route}`: clears a mark on the user (a sign-in hold, a bouncing address), saying whether there was one. */
function clearMarkHandler(route: string, mark: 'heldUntil' | 'mailBouncedAt', cleared: string, unchanged: string) {
  return http.post(`/api/v1/users/:id/${route}`, ({ params }) => {
    const user = findUser(params.id);
    if (!user) return failed(404, 'User not found');
    const had = user[mark] !== null;
    user[mark] = null;
    return ok(user, had ? cleared : unchanged);
  });
}
const findRole = (id: unknown) => adminMock.roles.find((r) => r.id === id);

/** CSV of the rows handed in, streamed in two chunks like the server's batches. */
export function csvResponse(header: string, lines: string[], fileName: string) {
  const encoder = new TextEncoder();
  const half = Math.ceil(lines.length / 2);
  const parts = [
    `\uFEFF${header}\r\n${lines
      .slice(0, half)
      .map((l) => `${l}\r\n`)
      .join('')}`,
    lines
      .slice(half)
      .map((l) => `${l}\r\n`)
      .join(''),
  ];
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      parts.forEach((part) => controller.enqueue(encoder.encode(part)));
      controller.close();
    },
  });
  return new HttpResponse(stream, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${fileName}"`, 'x-total-count': String(lines.length) },
  });
}

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** `partners` reads the partners handlers.ts holds, so an export sees what the test put there. */
export const adminHandlers = (partners: () => PartnerDto[]) => [
  http.get('/api/v1/partners/export', ({ request }) => {
    const keyword = new URL(request.url).searchParams.get('keyword')?.toLowerCase() ?? '';
    const rows = partners().filter((p) => p.name.toLowerCase().includes(keyword));
    const columns = ['id', 'name', 'email', 'type', 'address', 'phone'] as const;
    return csvResponse(
      columns.join(','),
      rows.map((p) => columns.map((c) => csvCell(p[c])).join(',')),
      'partners.csv',
    );
  }),

  http.post('/api/v1/users/search', async ({ request }) => {
    const search = (await request.json()) as SearchRequest;
    const keyword = search.advancedSearch?.keyword?.toLowerCase() ?? '';
    const rows = adminMock.users.filter(
      (u) => `${u.fullName} ${u.email}`.toLowerCase().includes(keyword) && (search.isActive === undefined || u.isActive === search.isActive),
    );
    return ok(pageOf(rows, search));
  }),

  http.post('/api/v1/users/register', async ({ request }) => {
    const body = (await request.json()) as Partial<UserDto>;
    if (adminMock.users.some((u) => u.email === body.email))
      return failed(409, 'This email is already in use', [{ field: 'email', message: 'This email is already in use' }]);
    const user = userRow(adminMock.users.length + 1, { ...body, isActive: false, emailConfirmed: false });
    adminMock.users.unshift(user);
    adminMock.userRoles.set(user.id, []);
    return created(user, 'The user has been registered and an activation mail sent');
  }),

  http.post('/api/v1/users/:id/toggle-status', ({ params }) => {
    const user = findUser(params.id);
    if (!user) return failed(404, 'User not found');
    user.isActive = !user.isActive;
    return ok(user, 'The user status has been changed');
  }),

  http.get('/api/v1/users/:id', ({ params }) => {
    const user = findUser(params.id);
    return user ? ok(user) : failed(404, 'User not found');
  }),

  clearMarkHandler('lift-hold', 'heldUntil', "The hold on the user's sign-in has been lifted", "The user's sign-in is not held; nothing changed"),
  clearMarkHandler('resume-mail', 'mailBouncedAt', 'Mail to the user will be sent again', "Mail to the user's address does not bounce; nothing changed"),

  http.get('/api/users/:id/roles', ({ params }) => {
    const held = adminMock.userRoles.get(String(params.id));
    if (!held) return failed(404, 'User not found');
    const roles: UserRoleDto[] = adminMock.roles.map((r) => ({ roleId: r.id, roleName: r.name, description: r.description, enabled: held.includes(r.id) }));
    return ok(roles);
  }),

  http.post('/api/users/:id/roles', async ({ params, request }) => {
    const { userRoles } = (await request.json()) as { userRoles: { roleId: string; enabled: boolean }[] };
    adminMock.userRoles.set(
      String(params.id),
      userRoles.filter((r) => r.enabled).map((r) => r.roleId),
    );
    return ok(null);
  }),

  http.get('/api/users/:id/audit-trails', ({ params, request }) => {
    const entries: AuditTrailEntryDto[] = [
      {
        id: 'a2',
        userId: '00000000-0000-4000-8000-000000000001',
        type: 'Update',
        tableName: 'users',
        primaryKey: String(params.id),
        oldValues: { phoneNumber: null, firstName: 'Alice' },
        newValues: { phoneNumber: '+84 90 111 2222', firstName: 'Alicia' },
        affectedColumns: ['phoneNumber', 'firstName'],
        dateTime: '2025-03-02T09:30:00.000Z',
      },
      {
        id: 'a1',
        userId: String(params.id),
        type: 'Create',
        tableName: 'tickets',
        primaryKey: 't1',
        oldValues: null,
        newValues: { subject: 'Cannot upload' },
        affectedColumns: ['subject'],
        dateTime: '2025-03-01T08:00:00.000Z',
      },
    ];
    const query = new URL(request.url).searchParams;
    return ok(pageOf(entries, { pageNumber: Number(query.get('pageNumber') ?? 1), pageSize: Number(query.get('pageSize') ?? 50) }));
  }),

  http.post('/api/v1/roles/search', async ({ request }) => ok(pageOf(adminMock.roles, (await request.json()) as SearchRequest))),

  http.get('/api/v1/roles/:id', ({ params }) => {
    const role = findRole(params.id);
    return role ? ok(role) : failed(404, 'Not found');
  }),

  http.get('/api/v1/roles/:id/permissions', ({ params }) => {
    const permissions = adminMock.rolePermissions.get(String(params.id));
    return permissions ? ok({ roleId: String(params.id), permissions: [...permissions].sort() } satisfies RolePermissionsDto) : failed(404, 'Not found');
  }),

  ...(['preview', 'save'] as const).map((step) =>
    (step === 'preview' ? http.post : http.put)(`/api/v1/roles/:id/permissions${step === 'preview' ? '/preview' : ''}`, async ({ params, request }) => {
      const current = adminMock.rolePermissions.get(String(params.id));
      if (!current) return failed(404, 'Not found');
      const { permissions } = (await request.json()) as { permissions: string[] };
      if (permissions.some((p) => !(ALL_PERMISSIONS as string[]).includes(p)))
        return failed(400, 'Some fields are not valid', [{ field: 'permissions', message: 'Unknown permission' }]);
      const change: RolePermissionsChange = {
        added: permissions.filter((p) => !current.includes(p)),
        removed: current.filter((p) => !permissions.includes(p)),
        affectedUsers: 2,
      };
      if (step === 'save') adminMock.rolePermissions.set(String(params.id), [...permissions]);
      return ok(change);
    }),
  ),
];

adminMock.reset();
