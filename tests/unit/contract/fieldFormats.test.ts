import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginSchema } from '../../../contract/schemas/accounts';
import { isEmailAddress, isPhoneNumber, isWebsiteAddress } from '../../../contract/schemas/formats';
import { partnerSchema } from '../../../contract/schemas/partners';
import { expectLinear } from '../../linearTime';

/** The patterns these checks replace: their meaning is kept, their backtracking is not. */
const OLD_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const OLD_WEBSITE = /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]{2,}$/i;
const OLD_PHONE = /^\+?[0-9][0-9 ().-]{5,49}$/;

/** Short strings over the characters the patterns care about, where the old patterns are still fast. */
const shortText = (chars: string[]) => fc.array(fc.constantFrom(...chars), { maxLength: 24 }).map((c) => c.join(''));
const EMAIL_CHARS = ['a', 'b', '.', '@', ' ', '\t', '\u00a0', '-'];
const WEBSITE_CHARS = ['h', 't', 'p', 's', 'H', 'T', ':', '/', '.', 'a', ' ', '$', '?', '#', '\n'];
const PHONE_CHARS = ['+', '0', '9', ' ', '(', ')', '.', '-', 'a'];

describe('field formats accept exactly what the old patterns accepted', () => {
  it('email', () => {
    fc.assert(
      fc.property(shortText(EMAIL_CHARS), (value) => isEmailAddress(value) === OLD_EMAIL.test(value)),
      { numRuns: 5000, seed: 7 },
    );
    for (const value of ['a@b.c', 'a.b@c.d.e', 'a@.b.c', 'a@b.', 'a@b', '@b.c', 'a@@b.c', 'a b@c.d'])
      expect(isEmailAddress(value), value).toBe(OLD_EMAIL.test(value));
  });

  it('website', () => {
    const withScheme = fc.tuple(fc.constantFrom('http://', 'https://', 'HTTPS://', 'http:/', ''), shortText(WEBSITE_CHARS)).map(([s, rest]) => s + rest);
    fc.assert(
      fc.property(withScheme, (value) => isWebsiteAddress(value) === OLD_WEBSITE.test(value)),
      { numRuns: 5000, seed: 7 },
    );
    for (const value of ['https://a.bc', 'https://a.b', 'http://.ab.cd', 'http://a..bc', 'https://a.bc/x y', 'https://#a.bc'])
      expect(isWebsiteAddress(value), value).toBe(OLD_WEBSITE.test(value));
  });

  it('phone', () => {
    fc.assert(
      fc.property(shortText(PHONE_CHARS), (value) => isPhoneNumber(value) === OLD_PHONE.test(value)),
      { numRuns: 2000, seed: 7 },
    );
  });
});

describe('field formats read a value in linear time, whatever it holds', () => {
  it('email on "a@a.a.a.…@", which a backtracking pattern takes quadratic time over', () => {
    expectLinear(isEmailAddress, (n) => 'a@' + 'a.'.repeat(n) + '@', 5000);
    expectLinear(isEmailAddress, (n) => 'a@' + 'a.'.repeat(n) + ' ', 5000);
  });

  it('website on "http://aa.a.a.… x"', () => {
    expectLinear(isWebsiteAddress, (n) => 'http://a' + 'a.'.repeat(n) + ' x', 5000);
    expectLinear(isWebsiteAddress, (n) => 'http://a' + '.a'.repeat(n) + '\u0000', 5000);
  });

  it('phone on long runs of its own characters', () => {
    expectLinear(isPhoneNumber, (n) => '+' + '0 '.repeat(n) + 'x', 5000);
  });
});

describe('schemas leave over-long values to the length rule', () => {
  it('a 200 KB email or website gets the length message only', async () => {
    const email = 'a@' + 'a.'.repeat(100_000) + '@';
    const refused = await loginSchema.validate({ email, password: 'x' }, { abortEarly: false }).catch((e: { errors: { key: string }[] }) => e.errors);
    expect(refused).toEqual([expect.objectContaining({ key: 'validation.maxLength' })]);
    const partner = { name: 'n', email: 'a@b.cd', type: 't', address: 'a', phone: '+84 28 555 0101', website: 'http://a' + 'a.'.repeat(100_000) + ' x' };
    const partnerRefused = await partnerSchema.validate(partner, { abortEarly: false }).catch((e: { errors: { key: string }[] }) => e.errors);
    expect(partnerRefused).toEqual([expect.objectContaining({ key: 'validation.maxLength' })]);
  });

  it('an empty email is reported as required only', async () => {
    const refused = await loginSchema.validate({ email: '  ', password: 'x' }, { abortEarly: false }).catch((e: { errors: { key: string }[] }) => e.errors);
    expect(refused).toEqual([expect.objectContaining({ key: 'validation.required' })]);
  });
});
