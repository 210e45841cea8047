import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '../../contract/http';
import { ALL_PERMISSIONS } from '../../contract/permissions';
import { SEEDED_ROLES } from '../../contract/roles';
import type { UserDto } from '../../contract/users';
import apiEn from '../../i18n/api.en';
import validationEn from '../../i18n/validation.en';
import { expectEnvelope, expectFieldErrors, fieldMessage, jwtPayload, refused } from './expectations';
import { useDemoServer, type MadeUser } from './factories';
import { DEMO_PASSWORD } from './harness';

/** A real 2×2 RGB PNG and a real 1×1 GIF. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
/** The start of a Windows executable, renamed to look like a picture. */
const EXECUTABLE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.from([0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04]),
  Buffer.alloc(120),
  Buffer.from('This program cannot be run in DOS mode.'),
]);

const dataUrl = (bytes: Buffer, mime = 'image/png') => `data:${mime};base64,${bytes.toString('base64')}`;

const { server, make, token, roleIds, partnerIds } = useDemoServer();
const names = { firstName: 'Bình', lastName: 'Trần' };

/** Each test changes the account of its own Partner user of Acme, never a demo account. */
let me: MadeUser;
beforeEach(async () => {
  me = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'], ...names });
});

const partner = () => me.token;
const avatarsDir = () => path.join(server.config.dataDir, 'files', 'avatars');
const avatarFiles = () => (fs.existsSync(avatarsDir()) ? fs.readdirSync(avatarsDir()).sort() : []);
const putProfile = (body: unknown, prefix = '/api') => server.api<UserDto>('PUT', `${prefix}/users/profile`, { token: partner(), body });

describe('GET /api/users/permissions', () => {
  it('Admin holds every permission of the catalogue', async () => {
    const answer = await server.api<string[]>('GET', '/api/users/permissions', { token: token('admin@example.com') });
    expectEnvelope(answer, 200);
    expect(answer.body.data).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('each seeded role gets exactly its permissions, the same under /api/v1', async () => {
    const byEmail: Record<string, string> = {
      'support@example.com': 'Support',
      'partner.admin@acme.example': 'PartnerAdmin',
      'partner@acme.example': 'Partner',
    };
    for (const [email, role] of Object.entries(byEmail)) {
      const expected = [...SEEDED_ROLES.find((r) => r.name === role)!.permissions].sort();
      for (const prefix of ['/api', '/api/v1']) {
        const answer = await server.api<string[]>('GET', `${prefix}/users/permissions`, { token: token(email) });
        expectEnvelope(answer, 200);
        expect(answer.body.data, `${role} ${prefix}`).toEqual(expected);
      }
    }
  });

  it('a Partner holds no Users permission and no administration permission', async () => {
    const answer = await server.api<string[]>('GET', '/api/users/permissions', { token: partner() });
    const held = answer.body.data!;
    expect(held.filter((p) => /^Permissions\.(Users|Roles|RoleClaims|UserRoles|AuditTrails|PartnerUsers)\./.test(p))).toEqual([]);
    expect(held).toContain('Permissions.Tickets.Create');
  });
});

describe('own profile (GET/PUT /api/users/profile)', () => {
  it('GET answers the signed-in user, the same under /api/v1, and never a password hash', async () => {
    const answer = await server.api<UserDto>('GET', '/api/users/profile', { token: partner() });
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({
      email: me.email,
      ...names,
      fullName: 'Bình Trần',
      role: 'Partner',
      partnerName: 'Acme Logistics',
      isActive: true,
    });
    expect(answer.text).not.toMatch(/password|argon2/i);
    const versioned = await server.api<UserDto>('GET', '/api/v1/users/profile', { token: partner() });
    expect(versioned.body).toEqual(answer.body);
  });

  it('PUT changes names and phone (trimmed), under /api and /api/v1', async () => {
    const answer = await putProfile({ firstName: '  Bình An ', lastName: 'Trần', phoneNumber: '+84 912 345 678' });
    expectEnvelope(answer, 200, apiEn.auth.profileUpdated);
    expect(answer.body.data).toMatchObject({ firstName: 'Bình An', lastName: 'Trần', phoneNumber: '+84 912 345 678' });
    const again = await putProfile({ ...names, phoneNumber: '' }, '/api/v1');
    expectEnvelope(again, 200);
    expect(again.body.data).toMatchObject({ ...names, phoneNumber: null });
    const read = await server.api<UserDto>('GET', '/api/users/profile', { token: partner() });
    expect(read.body.data).toMatchObject({ ...names, phoneNumber: null });
  });

  it('fields a profile may not change (email, status, role, partner) are ignored', async () => {
    const before = (await server.api<UserDto>('GET', '/api/users/profile', { token: partner() })).body.data!;
    const answer = await putProfile({
      ...names,
      email: 'owned@evil.example',
      isActive: false,
      role: 'Admin',
      roleId: before.roleId,
      partnerId: null,
      emailConfirmed: false,
      passwordHash: 'x',
    });
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ email: before.email, isActive: true, role: 'Partner', partnerId: before.partnerId, emailConfirmed: true });
    expectEnvelope(await server.api('GET', '/api/users/profile', { token: partner() }), 200);
  });

  it('missing, wrong-typed and overlong names and a bad phone answer 400 on their fields and change nothing', async () => {
    expectFieldErrors(await refused(server, () => putProfile({})), ['firstName', 'lastName']);
    expectFieldErrors(await refused(server, () => putProfile({ firstName: '   ', lastName: 'Trần' })), ['firstName']);
    expectFieldErrors(await refused(server, () => putProfile({ firstName: 7, lastName: ['Trần'] })), ['firstName', 'lastName']);
    const long = await refused(server, () => putProfile({ firstName: 'B'.repeat(101), lastName: 'T'.repeat(256) }));
    expectFieldErrors(long, ['firstName', 'lastName']);
    expect(fieldMessage(long, 'firstName')).toBe(validationEn.validation.maxLength.replace('%{max}', '100'));
    const phone = await refused(server, () => putProfile({ ...names, phoneNumber: 'call me maybe' }));
    expectFieldErrors(phone, ['phoneNumber']);
    expect(fieldMessage(phone, 'phoneNumber')).toBe(validationEn.validation.phone);
    expectFieldErrors(await refused(server, () => putProfile({ ...names, deleteCurrentImage: 'yes' })), ['deleteCurrentImage']);
  });
});

describe('avatar', () => {
  it('a small real PNG is stored and served at its imageUrl, and the next token carries it', async () => {
    const answer = await putProfile({ ...names, image: { name: 'me.png', extension: 'png', data: dataUrl(PNG) } });
    expectEnvelope(answer, 200);
    const imageUrl = answer.body.data!.imageUrl!;
    expect(imageUrl).toMatch(/^\/api\/v1\/avatars\/[0-9a-f-]{36}-[0-9a-f]{16}\.png$/);
    for (const url of [imageUrl, imageUrl.replace('/api/v1/', '/api/')]) {
      const response = await fetch(server.url + url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    }
    const fresh = await server.signIn(me.email, me.password);
    expect(jwtPayload(fresh.token).avatar).toBe(imageUrl);
  });

  it('a GIF is accepted and a JPEG named .jpeg too; the stored type follows the content', async () => {
    const gif = await putProfile({ ...names, image: { name: 'me.gif', extension: '.GIF', data: GIF.toString('base64') } });
    expectEnvelope(gif, 200);
    expect(gif.body.data!.imageUrl).toMatch(/\.gif$/);
    const response = await fetch(server.url + gif.body.data!.imageUrl!);
    expect(response.headers.get('content-type')).toBe('image/gif');
    const jpeg = await putProfile({
      ...names,
      image: { name: 'me.jpeg', extension: 'jpeg', data: dataUrl(Buffer.concat([JPEG_START, Buffer.alloc(64)]), 'image/jpeg') },
    });
    expectEnvelope(jpeg, 200);
    expect(jpeg.body.data!.imageUrl).toMatch(/\.jpg$/);
  });

  it('a renamed executable "evil.png" is refused on the image field; nothing is stored', async () => {
    const files = avatarFiles();
    const answer = await refused(server, () => putProfile({ ...names, image: { name: 'evil.png', extension: 'png', data: dataUrl(EXECUTABLE) } }));
    expectFieldErrors(answer, ['image']);
    expect(fieldMessage(answer, 'image')).toBe(validationEn.validation.avatarType);
    expect(avatarFiles()).toEqual(files);
  });

  it('an SVG or HTML page dressed as a PNG and data that is not base64 are refused on the image field', async () => {
    for (const data of [
      dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
      dataUrl(Buffer.from('<html><script>alert(1)</script></html>')),
      'data:image/png;base64,!!!not base64!!!',
      '',
    ]) {
      const answer = await refused(server, () => putProfile({ ...names, image: { name: 'me.png', extension: 'png', data } }));
      expect(answer.status, data).toBe(400);
      expect(answer.body.errors?.map((e) => e.field)[0], data).toMatch(/^image/);
    }
  });

  it('an image over 3 MB is refused on the image field', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES + 1 - PNG.length)]);
    const answer = await refused(server, () => putProfile({ ...names, image: { name: 'big.png', extension: 'png', data: dataUrl(big) } }));
    expectFieldErrors(answer, ['image']);
    expect(fieldMessage(answer, 'image')).toBe(validationEn.validation.avatarSize);
  });

  it('a profile body over 5 MB answers 413 naming the limit', async () => {
    const huge = Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024)]);
    const answer = await refused(server, () => putProfile({ ...names, image: { name: 'huge.png', extension: 'png', data: dataUrl(huge) } }));
    expectEnvelope(answer, 413, 'The request body is over this request’s limit of 5 MB');
  });

  it('an extension other than jpeg, jpg, png or gif is refused, whatever the content', async () => {
    for (const extension of ['exe', 'bmp', 'svg', 'png.exe', '']) {
      const answer = await refused(server, () => putProfile({ ...names, image: { name: `me.${extension}`, extension, data: dataUrl(PNG) } }));
      expectFieldErrors(answer, ['image.extension']);
    }
    expectFieldErrors(await refused(server, () => putProfile({ ...names, image: { extension: 'png' } })), ['image.name', 'image.data']);
    expectFieldErrors(await refused(server, () => putProfile({ ...names, image: 'data:image/png;base64,AAAA' })), ['image']);
  });

  it('deleteCurrentImage removes the avatar', async () => {
    const answer = await putProfile({ ...names, deleteCurrentImage: true });
    expectEnvelope(answer, 200);
    expect(answer.body.data!.imageUrl).toBeNull();
  });

  it('an avatar name that is not one we made answers a 404 envelope', async () => {
    for (const file of [
      'nothing.png',
      '00000000-0000-4000-8000-000000000000-0123456789abcdef.png',
      '..%2f..%2fjwt-secret',
      '00000000-0000-4000-8000-000000000000-0123456789abcdef.svg',
    ]) {
      expectEnvelope(await server.api('GET', `/api/v1/avatars/${file}`), 404);
    }
  });
});

describe('change password (POST /api/users/change-password)', () => {
  const change = (body: unknown) => server.api('POST', '/api/users/change-password', { token: me.token, body });

  it('a wrong current password answers 400 on the password field and changes nothing', async () => {
    const answer = await refused(server, () =>
      change({ password: 'not-my-password', newPassword: 'Brand-new-harbour-1', confirmNewPassword: 'Brand-new-harbour-1' }),
    );
    expectFieldErrors(answer, ['password']);
    expect(fieldMessage(answer, 'password')).toBe(apiEn.auth.currentPasswordWrong);
  });

  it('a short, unchanged, mismatched or email-like new password answers 400 on its field', async () => {
    const short = await refused(server, () => change({ password: me.password, newPassword: 'Short1!', confirmNewPassword: 'Short1!' }));
    expectFieldErrors(short, ['newPassword']);
    expect(fieldMessage(short, 'newPassword')).toBe(validationEn.validation.minLength.replace('%{min}', '8'));
    expectFieldErrors(await refused(server, () => change({ password: me.password, newPassword: me.password, confirmNewPassword: me.password })), [
      'newPassword',
    ]);
    expectFieldErrors(
      await refused(server, () => change({ password: me.password, newPassword: 'Brand-new-harbour-1', confirmNewPassword: 'Brand-new-harbour-2' })),
      ['confirmNewPassword'],
    );
    const isEmail = await refused(server, () =>
      change({ password: me.password, newPassword: me.email.toUpperCase(), confirmNewPassword: me.email.toUpperCase() }),
    );
    expectFieldErrors(isEmail, ['newPassword']);
    expect(fieldMessage(isEmail, 'newPassword')).toBe(validationEn.validation.passwordIsEmail);
    expectFieldErrors(await refused(server, () => change({})), ['password', 'newPassword', 'confirmNewPassword']);
    expectFieldErrors(await refused(server, () => change({ password: 12345678, newPassword: true, confirmNewPassword: null })), ['password', 'newPassword']);
  });

  it('with the current password it changes: the new one signs in, the old one no longer does', async () => {
    const answer = await change({ password: me.password, newPassword: 'Brand-new-harbour-1', confirmNewPassword: 'Brand-new-harbour-1' });
    expectEnvelope(answer, 200, apiEn.auth.passwordChanged);
    expect(answer.body.data).toBeNull();
    await server.signIn(me.email, 'Brand-new-harbour-1');
    const old = await server.api('POST', '/api/token', { body: { email: me.email, password: me.password }, headers: { tenant: 'root' } });
    expectEnvelope(old, 401, apiEn.auth.invalidCredentials);
  });
});

describe('without signing in', () => {
  it('every own-account call answers 401, under /api and /api/v1, and changes nothing', async () => {
    for (const prefix of ['/api', '/api/v1']) {
      for (const [method, urlPath, body] of [
        ['GET', '/users/permissions', undefined],
        ['GET', '/users/profile', undefined],
        ['PUT', '/users/profile', names],
        ['POST', '/users/change-password', { password: DEMO_PASSWORD, newPassword: 'Brand-new-harbour-1', confirmNewPassword: 'Brand-new-harbour-1' }],
      ] as const) {
        expectEnvelope(await refused(server, () => server.api(method, prefix + urlPath, { body })), 401, apiEn.api.unauthorized);
      }
    }
  });

  it('an avatar upload without a token is refused with 401 and stores nothing', async () => {
    const files = avatarFiles();
    const upload = { ...names, image: { name: 'me.png', extension: 'png', data: dataUrl(PNG) } };
    expectEnvelope(await refused(server, () => server.api('PUT', '/api/users/profile', { body: upload })), 401, apiEn.api.unauthorized);
    expect(avatarFiles()).toEqual(files);
  });
});
