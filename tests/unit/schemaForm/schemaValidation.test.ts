import { describe, expect, it } from 'vitest';
import { changePasswordSchema, profileSchema } from '../../../contract/schemas/accounts';
import { schemaResolver } from '../../../src/schemaForm/schemaResolver';
import { translateMessage } from '../../../src/i18n/translateMessage';
import { mergeCatalogues } from '../../../src/i18n/mergeCatalogues';
import { avatarFileProblem } from '../../../src/pages/profile/avatarFile';

const resolve = (schema: Parameters<typeof schemaResolver>[0], values: Record<string, unknown>, language: 'en' | 'vi' = 'en') =>
  schemaResolver(schema, (key, values) => translateMessage(key, values, language))(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('contract schemas in react-admin forms', () => {
  it('reports each failed rule under its field, translated', async () => {
    const { errors } = await resolve(profileSchema, { firstName: '', lastName: 'x'.repeat(101), phoneNumber: 'abc' });
    expect(errors).toEqual({
      firstName: { type: 'validation', message: 'This field is required' },
      lastName: { type: 'validation', message: 'At most 100 characters' },
      phoneNumber: { type: 'validation', message: 'Invalid phone number' },
    });
  });

  it('speaks the chosen language and passes valid values through', async () => {
    const mismatch = await resolve(changePasswordSchema, { password: 'old-secret', newPassword: 'New-Pass-2025', confirmNewPassword: 'other' }, 'vi');
    expect(mismatch.errors).toEqual({ confirmNewPassword: { type: 'validation', message: 'Mật khẩu và mật khẩu xác nhận không khớp' } });
    const valid = { password: 'old-secret', newPassword: 'New-Pass-2025', confirmNewPassword: 'New-Pass-2025' };
    expect(await resolve(changePasswordSchema, valid)).toEqual({ values: valid, errors: {} });
  });
});

describe('avatar checked before upload', () => {
  const file = (name: string, type: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type });

  it('accepts jpeg, jpg, png and gif up to 3 MB', () => {
    for (const [name, type] of [
      ['me.jpeg', 'image/jpeg'],
      ['me.JPG', 'image/jpeg'],
      ['me.png', 'image/png'],
      ['me.gif', 'image/gif'],
    ]) {
      expect(avatarFileProblem(file(name, type, 3 * 1024 * 1024))).toBeNull();
    }
  });

  it('refuses other types and larger pictures', () => {
    expect(avatarFileProblem(file('me.webp', 'image/webp', 10))).toMatchObject({ key: 'validation.avatarType' });
    expect(avatarFileProblem(file('me.png', 'application/pdf', 10))).toMatchObject({ key: 'validation.avatarType' });
    expect(avatarFileProblem(file('me.png', 'image/png', 3 * 1024 * 1024 + 1))).toMatchObject({ key: 'validation.avatarSize' });
  });
});

describe('catalogue layering', () => {
  it('keeps the English text where Vietnamese lacks a key', () => {
    expect(mergeCatalogues({ app: { a: 'A', b: 'B' } }, { app: { a: 'Á' } })).toEqual({ app: { a: 'Á', b: 'B' } });
  });
});
