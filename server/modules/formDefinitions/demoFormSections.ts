import {
  NO_LIMITS,
  type FormQuestion,
  type FormStatus,
  type GroupRepeat,
  type QuestionCondition,
  type QuestionCalculation,
  type QuestionLimits,
  type QuestionPrefill,
  type QuestionType,
} from '../../../contract/forms';
import type { DemoValidationRuleName } from '../validationRules/validationRules.demo';

/** A question of the demo forms: its rule named, not yet resolved to an id and a copy. */
export interface DemoQuestion extends Omit<FormQuestion, 'ruleId' | 'rule' | 'children'> {
  ruleName: DemoValidationRuleName | null;
  children: DemoQuestion[];
}

export interface DemoSection {
  key: string;
  title: string;
  questions: DemoQuestion[];
}

export interface DemoFormVersion {
  status: FormStatus;
  /** Days before the seed ran that the version was made (and, unless Editing, published). */
  daysAgo: number;
  note: string;
  sections: DemoSection[];
}

export interface DemoFormDefinition {
  name: string;
  description: string;
  type: string;
  /** Version 1, 2, … in order. */
  versions: DemoFormVersion[];
}

interface QuestionOptions {
  help?: string;
  required?: boolean;
  options?: string[];
  rule?: DemoValidationRuleName;
  when?: QuestionCondition;
  children?: DemoQuestion[];
  limits?: Partial<QuestionLimits>;
  calculation?: QuestionCalculation;
  prefill?: QuestionPrefill;
  repeat?: GroupRepeat;
}

function question(type: QuestionType, key: string, label: string, options: QuestionOptions = {}): DemoQuestion {
  return {
    key,
    type,
    label,
    help: options.help ?? '',
    required: options.required ?? false,
    options: options.options ?? [],
    ruleName: options.rule ?? null,
    condition: options.when ?? null,
    children: options.children ?? [],
    ...(options.limits ? { limits: { ...NO_LIMITS, ...options.limits } } : {}),
    ...(options.calculation ? { calculation: options.calculation } : {}),
    ...(options.prefill ? { prefill: options.prefill } : {}),
    ...(options.repeat ? { repeat: options.repeat } : {}),
  };
}

const text = (key: string, label: string, options?: QuestionOptions) => question('text', key, label, options);
const yesNo = (key: string, label: string, options?: QuestionOptions) => question('yesNo', key, label, options);
const select = (key: string, label: string, choices: string[], options?: QuestionOptions) => question('select', key, label, { ...options, options: choices });
const multiple = (key: string, label: string, choices: string[], options?: QuestionOptions) =>
  question('multiple', key, label, { ...options, options: choices });
const file = (key: string, label: string, options?: QuestionOptions) => question('file', key, label, options);
const files = (key: string, label: string, options?: QuestionOptions) => question('files', key, label, options);
const group = (key: string, label: string, children: DemoQuestion[], options?: QuestionOptions) => question('group', key, label, { ...options, children });
const typed = (type: QuestionType) => (key: string, label: string, options?: QuestionOptions) => question(type, key, label, options);
const [number, currency, date, email, phone, url] = (['number', 'currency', 'date', 'email', 'phone', 'url'] as const).map(typed);
const required = { required: true } as const;
const when = (questionKey: string, operator: QuestionCondition['operator'], value: string): QuestionCondition => ({ questionKey, operator, value });

export const COMPANY_TYPES = ['Limited liability company', 'Joint-stock company', 'Sole proprietorship', 'Partnership', 'Foreign-invested enterprise'];
export const CITIES = ['Hà Nội', 'Hồ Chí Minh', 'Hải Phòng', 'Đà Nẵng', 'Cần Thơ', 'Other'];
export const INDUSTRIES = ['Logistics', 'Trading', 'Manufacturing', 'Software', 'Food and beverage', 'Other'];

/** "Company profile" as it was first published: a fax number, the phone without a rule, no email. */
const companyProfileV1: DemoSection[] = [
  {
    key: 'general',
    title: 'General information',
    questions: [
      text('companyName', 'Registered company name', { ...required, rule: 'Company name' }),
      text('taxNumber', 'Tax number', { ...required, rule: 'Tax number (VN)', help: 'As printed on the business registration certificate.' }),
      select('companyType', 'Type of company', COMPANY_TYPES, required),
      text('foundedYear', 'Year founded'),
    ],
  },
  {
    key: 'address',
    title: 'Address and contact',
    questions: [
      group('headOffice', 'Head office', [
        text('street', 'Street and number', required),
        select('city', 'City', CITIES, required),
        text('postcode', 'Postcode', { rule: 'Postcode (VN)' }),
      ]),
      yesNo('hasBranches', 'Do you have branch offices?', required),
      text('branchCount', 'How many branch offices?', { ...required, when: when('hasBranches', 'is', 'yes') }),
      text('phone', 'Main phone number', required),
      text('fax', 'Fax number'),
    ],
  },
  {
    key: 'documents',
    title: 'Activities and documents',
    questions: [
      multiple('industries', 'Industries you work in', INDUSTRIES, required),
      text('otherIndustry', 'Which other industry?', { ...required, when: when('industries', 'contains', 'Other') }),
      file('businessLicence', 'Business registration certificate', { ...required, help: 'A scan or photo, PDF or image, at most 10 MB.' }),
      files('otherDocuments', 'Other documents', { help: 'Brochures, certificates: anything that helps us know you.' }),
    ],
  },
];

/** Version 2: the fax is gone, the phone has a rule, a required email is new (what migration shows staff). */
const companyProfileV2: DemoSection[] = companyProfileV1.map((section) =>
  section.key !== 'address'
    ? section
    : {
        ...section,
        questions: [
          ...section.questions
            .filter((q) => q.key !== 'fax')
            .map((q) => (q.key === 'phone' ? { ...q, ruleName: 'Phone (VN)' as const, help: 'We call this number about your onboarding.' } : q)),
          text('email', 'Contact email', { ...required, rule: 'Email address' }),
        ],
      },
);

const bankDetails: DemoSection[] = [
  {
    key: 'account',
    title: 'Bank account',
    questions: [
      text('bankName', 'Bank name', required),
      text('accountHolder', 'Account holder', { ...required, help: 'Exactly as the bank writes it.' }),
      text('accountNumber', 'Account number', { ...required, rule: 'Bank account number' }),
      select('currency', 'Currency of the account', ['VND', 'USD', 'EUR'], required),
      yesNo('foreignBank', 'Is the bank outside Viet Nam?', required),
      text('swift', 'SWIFT / BIC code', { ...required, rule: 'SWIFT / BIC', when: when('foreignBank', 'is', 'yes') }),
      multiple('paymentMethods', 'How may we pay you?', ['Bank transfer', 'Card', 'Cash on delivery'], required),
    ],
  },
  {
    key: 'confirmation',
    title: 'Confirmation',
    questions: [
      group('signatory', 'Authorised signatory', [text('signatoryName', 'Full name', required), text('signatoryPhone', 'Phone', { rule: 'Phone (VN)' })]),
      file('bankLetter', 'Bank confirmation letter', { ...required, help: 'A letter or statement from the bank showing the account holder and number.' }),
      files('supportingDocuments', 'Supporting documents'),
    ],
  },
];

const contactPersons: DemoSection[] = [
  {
    key: 'contacts',
    title: 'Contact persons',
    questions: [
      group('mainContact', 'Main contact', [
        text('mainName', 'Full name', required),
        text('mainPhone', 'Phone', { ...required, rule: 'Phone (VN)' }),
        text('mainEmail', 'Email', { ...required, rule: 'Email address' }),
      ]),
      select('preferredLanguage', 'Preferred language', ['Tiếng Việt', 'English'], required),
      yesNo('separateBilling', 'Is billing handled by someone else?', required),
      text('billingEmail', 'Billing email', { ...required, rule: 'Email address', when: when('separateBilling', 'is', 'yes') }),
      multiple('contactTimes', 'When may we call?', ['Morning', 'Afternoon', 'Evening']),
      file('organisationChart', 'Organisation chart'),
      files('businessCards', 'Business cards'),
    ],
  },
];

const complianceQuestionnaire: DemoSection[] = [
  {
    key: 'policies',
    title: 'Policies',
    questions: [
      yesNo('hasCodeOfConduct', 'Do you have a written code of conduct?', required),
      file('codeOfConduct', 'Code of conduct', { ...required, when: when('hasCodeOfConduct', 'is', 'yes') }),
      multiple('certifications', 'Certifications', ['ISO 9001', 'ISO 14001', 'ISO 27001', 'None'], required),
      files('certificates', 'Certificates', { when: when('certifications', 'isNot', 'None') }),
    ],
  },
  {
    key: 'people',
    title: 'People',
    questions: [
      group('complianceOfficer', 'Compliance officer', [
        text('officerName', 'Full name', required),
        text('officerPhone', 'Phone', { rule: 'Phone (VN)' }),
        text('officerEmail', 'Email', { ...required, rule: 'Email address' }),
      ]),
      select('employees', 'Number of employees', ['1–10', '11–50', '51–200', 'More than 200'], required),
      yesNo('sanctioned', 'Has the company been fined or sanctioned in the last five years?', required),
      text('sanctionDetails', 'Please describe', { ...required, when: when('sanctioned', 'is', 'yes') }),
    ],
  },
  {
    key: 'figures',
    title: 'Figures and dates',
    questions: [
      currency('annualTurnover', 'Annual turnover', { ...required, limits: { min: '0', currencies: ['VND', 'USD'] } }),
      number('warehouseArea', 'Warehouse area', { limits: { min: '0', max: '1000000', unit: 'm²' } }),
      number('vehicles', 'Vehicles in the fleet', { limits: { min: '0', integer: true } }),
      question('calculated', 'turnoverPerVehicle', 'Turnover per vehicle', {
        calculation: { expression: '{annualTurnover} / {vehicles}', decimals: 0, unit: '' },
      }),
      group(
        'shareholders',
        'Shareholders',
        [text('shareholderName', 'Name', required), number('shareholding', 'Shareholding', { limits: { min: '0', max: '100', unit: '%' } })],
        { repeat: { min: 1, max: 20 } },
      ),
      question('calculated', 'totalShareholding', 'Total shareholding', { calculation: { expression: 'sum({shareholding})', decimals: 2, unit: '%' } }),
      date('licenceExpiry', 'Business licence valid until', { ...required, limits: { relative: 'future' } }),
      date('lastAudit', 'Date of the last external audit', { limits: { relative: 'past' } }),
      email('complianceMailbox', 'Compliance mailbox', { prefill: { source: 'partner', field: 'email', locked: false } }),
      phone('hotline', 'Whistle-blowing hotline', { help: 'An international number, such as +84 28 3822 1234.' }),
      url('policyPage', 'Public page of your compliance policy'),
      question('signature', 'declaration', 'Signed: the answers above are true and complete', {
        ...required,
        help: 'Type your full name, or draw your signature.',
      }),
    ],
  },
];

/**
 * The demo form definitions (SEED=demo), in every state: "Company profile" v1 Outdate and v2 Ready, "Bank
 * details" and "Contact persons" Ready, "Compliance questionnaire" an Editing draft. Each uses the specification's
 * seven question types, a group, validation rules and conditions; the draft also every typed answer (issue 40).
 */
export const DEMO_FORM_DEFINITIONS: DemoFormDefinition[] = [
  {
    name: 'Company profile',
    description: 'Who you are: registration, address, activities and documents.',
    type: 'Onboarding',
    versions: [
      { status: 'Outdate', daysAgo: 60, note: 'First version.', sections: companyProfileV1 },
      { status: 'Ready', daysAgo: 20, note: 'Fax removed; contact email added; phone checked.', sections: companyProfileV2 },
    ],
  },
  {
    name: 'Bank details',
    description: 'The account we pay you into.',
    type: 'Finance',
    versions: [{ status: 'Ready', daysAgo: 45, note: '', sections: bankDetails }],
  },
  {
    name: 'Contact persons',
    description: 'Who we talk to about orders and invoices.',
    type: 'Onboarding',
    versions: [{ status: 'Ready', daysAgo: 40, note: '', sections: contactPersons }],
  },
  {
    name: 'Compliance questionnaire',
    description: 'Policies, certifications and people responsible for compliance.',
    type: 'Compliance',
    versions: [{ status: 'Editing', daysAgo: 3, note: 'Draft: legal still reviewing the questions.', sections: complianceQuestionnaire }],
  },
];

export type DemoFormName = 'Company profile' | 'Bank details' | 'Contact persons' | 'Compliance questionnaire';
