import raEnglish from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import appEn from '../../../i18n/app.en';
import appVi from '../../../i18n/app.vi';
import english from '../../../i18n/en';
import raVi from '../../../i18n/ra.vi';
import vietnamese from '../../../i18n/vi';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { translateMessage } from '../../../src/i18n/translateMessage';

/** Every dotted key of a catalogue, sorted. */
function keysOf(catalogue: object, prefix = ''): string[] {
  return Object.entries(catalogue)
    .flatMap(([key, value]) => (typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]))
    .sort();
}

describe('message catalogues', () => {
  it('English and Vietnamese hold exactly the same keys', () => {
    expect(keysOf(vietnamese)).toEqual(keysOf(english));
  });

  it('Vietnamese covers every ra.* key of react-admin', () => {
    expect(keysOf(raVi)).toEqual(keysOf(raEnglish));
  });

  it('the app catalogues match each other', () => {
    expect(keysOf(appVi)).toEqual(keysOf(appEn));
  });

  it('no Vietnamese text is left empty', () => {
    const empty = keysOf(vietnamese).filter((key) => {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], vietnamese);
      return typeof value !== 'string' || (value.trim() === '' && key !== 'ra.boolean.null');
    });
    expect(empty).toEqual([]);
  });
});

describe('i18nProvider', () => {
  it('translates react-admin and app keys in the chosen language', async () => {
    const i18n = createI18nProvider('en');
    expect(i18n.translate('ra.action.save')).toBe('Save');
    await i18n.changeLocale('vi');
    expect(i18n.translate('ra.action.save')).toBe('Lưu');
    expect(i18n.translate('app.language.vi')).toBe('Vietnam');
    expect(i18n.getLocales?.()).toEqual([
      { locale: 'en', name: 'English' },
      { locale: 'vi', name: 'Vietnam' },
    ]);
  });

  it('translates a schema message with its values', () => {
    expect(translateMessage('validation.maxLength', { max: 255 }, 'en')).toBe('At most 255 characters');
    expect(translateMessage('validation.maxLength', { max: 255 }, 'vi')).toBe('Tối đa 255 ký tự');
  });
});
