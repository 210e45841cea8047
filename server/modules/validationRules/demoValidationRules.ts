import type { TextRule } from '../../../contract/forms';

/** The demo validation rules (SEED=demo): what Vietnamese partners' answers look like. Patterns are RE2 (re2js). */
export const DEMO_VALIDATION_RULES = [
  {
    name: 'Tax number (VN)',
    suggestText: '10 digits, or 10 digits, a dash and 3 digits for a branch (0101234567-001)',
    errorText: 'A tax number has 10 digits, or 13 with a branch: 0101234567 or 0101234567-001.',
    minLength: 10,
    maxLength: 14,
    regex: '[0-9]{10}(-[0-9]{3})?',
  },
  {
    name: 'Phone (VN)',
    suggestText: 'A Vietnamese number: 0912 345 678 or +84 24 3825 1234',
    errorText: 'Enter a Vietnamese phone number: 0 or +84, then 9 or 10 digits.',
    minLength: null,
    maxLength: 20,
    regex: '(\\+84 ?|0)[1-9]( ?[0-9]){8,9}',
  },
  {
    name: 'Postcode (VN)',
    suggestText: '6 digits, e.g. 100000 for Hà Nội',
    errorText: 'A postcode has exactly 6 digits.',
    minLength: 6,
    maxLength: 6,
    regex: '[0-9]{6}',
  },
  {
    name: 'Email address',
    suggestText: 'name@company.vn',
    errorText: 'Enter an email address such as name@company.vn.',
    minLength: 6,
    maxLength: 254,
    regex: '[^@\\s]+@[^@\\s]+\\.[^@\\s]+',
  },
  {
    name: 'Bank account number',
    suggestText: '6 to 19 digits, without spaces',
    errorText: 'An account number has 6 to 19 digits.',
    minLength: 6,
    maxLength: 19,
    regex: '[0-9]{6,19}',
  },
  {
    name: 'SWIFT / BIC',
    suggestText: '8 or 11 letters and digits, e.g. BFTVVNVX',
    errorText: 'A SWIFT code has 8 or 11 capital letters and digits.',
    minLength: 8,
    maxLength: 11,
    regex: '[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?',
  },
  {
    name: 'Company name',
    suggestText: 'The name on the business registration certificate',
    errorText: '',
    minLength: 2,
    maxLength: 255,
    regex: null,
  },
] as const satisfies readonly TextRule[];
