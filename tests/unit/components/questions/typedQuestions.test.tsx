import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NO_LIMITS, type QuestionLimits } from '../../../../contract/forms';
import validationEn from '../../../../i18n/validation.en';
import { question, renderQuestions, sectionOf } from './questionFixtures';

const limits = (fields: Partial<QuestionLimits>): QuestionLimits => ({ ...NO_LIMITS, ...fields });

describe('a number question', () => {
  it('stores "1.234,5" typed in Vietnamese as 1234.5 and shows it in Vietnamese marks once left', async () => {
    const user = userEvent.setup();
    const { answers } = renderQuestions(sectionOf(question('area', 'number', { label: 'Floor area' })), { language: 'vi' });
    const input = screen.getByRole('textbox', { name: 'Floor area' });
    await user.type(input, '1.234,5');
    expect(answers().area).toBe('1234.5');
    expect(input).toHaveValue('1.234,5');
    await user.tab();
    expect(input).toHaveValue('1.234,5');
    // Typed without its grouping marks, it is shown with them once left.
    await user.clear(input);
    await user.type(input, '2000000,25');
    await user.tab();
    expect(answers().area).toBe('2000000.25');
    expect(input).toHaveValue('2.000.000,25');
  });

  it('stores "1,234.5" typed in English as 1234.5, shows its unit and says its limits', async () => {
    const user = userEvent.setup();
    const { answers } = renderQuestions(
      sectionOf(question('area', 'number', { label: 'Floor area', limits: limits({ min: '0', max: '1000000', unit: 'm²' }) })),
    );
    const input = screen.getByRole('textbox', { name: 'Floor area' });
    expect(input).toHaveAccessibleDescription('Between 0 and 1,000,000');
    expect(screen.getByText('m²')).toBeInTheDocument();
    await user.type(input, '1,234.5');
    await user.tab();
    expect(answers().area).toBe('1234.5');
    expect(input).toHaveValue('1,234.5');
  });

  it("shows the contract's message for a number above its maximum", async () => {
    const user = userEvent.setup();
    renderQuestions(sectionOf(question('staff', 'number', { label: 'Staff', limits: limits({ max: '100' }) })));
    await user.type(screen.getByRole('textbox', { name: 'Staff' }), '150');
    expect(screen.getByRole('textbox', { name: 'Staff' })).toHaveAccessibleDescription(validationEn.validation.maxValue.replace('%{max}', '100'));
  });
});

describe('a currency question', () => {
  it('stores the chosen currency and the amount exactly, VND offered first', async () => {
    const user = userEvent.setup();
    const { answers } = renderQuestions(
      sectionOf(question('capital', 'currency', { label: 'Charter capital', limits: limits({ currencies: ['USD', 'VND'] }) })),
      { language: 'vi' },
    );
    const currency = screen.getByRole('combobox', { name: 'Loại tiền' });
    expect(currency).toHaveValue('VND');
    const amount = screen.getByRole('textbox', { name: 'Charter capital' });
    await user.type(amount, '1.500.000');
    expect(answers().capital).toEqual({ currency: 'VND', amount: '1500000' });
    await user.selectOptions(currency, 'USD');
    expect(answers().capital).toEqual({ currency: 'USD', amount: '1500000' });
    expect(amount).toHaveValue('1.500.000,00');
  });

  it('reads as the amount with its currency once the form is read-only', () => {
    renderQuestions(sectionOf(question('capital', 'currency', { label: 'Charter capital' })), {
      initial: { capital: { currency: 'USD', amount: '12.5' } },
      readOnly: true,
    });
    expect(screen.getByRole('textbox', { name: 'Charter capital' })).toHaveValue('$12.50');
  });
});

describe('a date question', () => {
  it('stores the day as YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const { answers } = renderQuestions(sectionOf(question('founded', 'date', { label: 'Founded on' })));
    await user.type(screen.getByLabelText('Founded on'), '2020-03-15');
    expect(answers().founded).toBe('2020-03-15');
  });

  it('offers only days after today when it asks for the future, and says a past day is refused once Submit asks for every error', () => {
    renderQuestions(sectionOf(question('starts', 'date', { label: 'Contract starts', limits: limits({ relative: 'future' }) })), {
      initial: { starts: '2001-01-01' },
      showAllErrors: true,
    });
    const input = screen.getByLabelText('Contract starts');
    expect(input.getAttribute('min')! > new Date().toISOString().slice(0, 10)).toBe(true);
    expect(input).toHaveAccessibleDescription(validationEn.validation.dateFuture);
  });
});

describe('an email, phone or web address question', () => {
  it('stores "+84 90 123 4567" as +84901234567 once the partner leaves the input, not while typing', async () => {
    const user = userEvent.setup();
    const { answers } = renderQuestions(sectionOf(question('mobile', 'phone', { label: 'Mobile' })));
    const input = screen.getByRole('textbox', { name: 'Mobile' });
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('placeholder', '+84 90 123 4567');
    await user.type(input, '+84 90 123 4567');
    expect(answers().mobile).toBe('+84 90 123 4567');
    await user.tab();
    expect(answers().mobile).toBe('+84901234567');
    expect(input).toHaveAccessibleDescription('');
  });

  it('writes a web address as the URL standard does when the partner leaves it', async () => {
    const user = userEvent.setup();
    const { answers } = renderQuestions(sectionOf(question('site', 'url', { label: 'Website' })));
    await user.type(screen.getByRole('textbox', { name: 'Website' }), 'https://Example.COM');
    await user.tab();
    expect(answers().site).toBe('https://example.com/');
  });
});

describe('an email question', () => {
  it('keeps the mailbox as typed and writes the domain in lower case once left', async () => {
    const user = userEvent.setup();
    const { answers } = renderQuestions(sectionOf(question('contact', 'email', { label: 'Contact email' })));
    const input = screen.getByRole('textbox', { name: 'Contact email' });
    expect(input).toHaveAttribute('type', 'email');
    await user.type(input, 'Lan.Nguyen@Example.COM');
    await user.tab();
    expect(answers().contact).toBe('Lan.Nguyen@example.com');
  });
});

describe('a typed answer that cannot change', () => {
  it('reads as its reader writes it: a number with its unit and a date, in Vietnamese', () => {
    renderQuestions(
      sectionOf(question('area', 'number', { label: 'Floor area', limits: limits({ unit: 'm²' }) }), question('founded', 'date', { label: 'Founded on' })),
      { initial: { area: '1234.5', founded: '2026-12-05' }, readOnly: true, language: 'vi' },
    );
    expect(screen.getByRole('textbox', { name: 'Floor area' })).toHaveValue('1.234,5 m²');
    expect(screen.getByRole('textbox', { name: 'Founded on' })).toHaveValue(
      new Intl.DateTimeFormat('vi', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date('2026-12-05T12:00:00Z')),
    );
  });
});

describe('a calculated question', () => {
  it('follows the answers it reads as they are typed, in the reader’s marks, and cannot be typed into', async () => {
    const user = userEvent.setup();
    renderQuestions(
      sectionOf(
        question('monthly', 'number', { label: 'Monthly' }),
        question('yearly', 'calculated', { label: 'Yearly', calculation: { expression: '{monthly} * 12', decimals: 0, unit: 'VND' } }),
      ),
      { language: 'vi' },
    );
    const yearly = screen.getByRole('textbox', { name: 'Yearly' });
    expect(yearly).toHaveValue('');
    await user.type(screen.getByRole('textbox', { name: 'Monthly' }), '125.000');
    expect(yearly).toHaveValue('1.500.000 VND');
    expect(yearly).toHaveAttribute('readonly');
  });
});

describe('a prefilled question', () => {
  it('says where its answer came from; a locked one cannot be typed into, an unlocked one can', async () => {
    const user = userEvent.setup();
    const { answers } = renderQuestions(
      sectionOf(
        question('company', 'text', { label: 'Company', prefill: { source: 'partner', field: 'name', locked: true } }),
        question('mail', 'email', { label: 'Email', prefill: { source: 'partner', field: 'email', locked: false } }),
      ),
      { initial: { company: 'Acme Logistics', mail: 'hello@acme.example' }, prefilledKeys: new Set(['company', 'mail']) },
    );
    expect(screen.getByText('Filled in from your company record (ask us to change it)')).toBeInTheDocument();
    expect(screen.getByText('Filled in from your company record: change it if it is not right')).toBeInTheDocument();
    const company = screen.getByRole('textbox', { name: 'Company' });
    expect(company).toHaveAttribute('readonly');
    await user.type(company, 'x');
    expect(answers().company).toBe('Acme Logistics');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'x');
    expect(answers().mail).toBe('hello@acme.examplex');
  });
});

describe("a check's message", () => {
  it('writes its numbers and dates as the reader does', async () => {
    const user = userEvent.setup();
    renderQuestions(
      sectionOf(
        question('area', 'number', { label: 'Diện tích', limits: limits({ max: '1000000.5' }) }),
        question('since', 'date', { label: 'Từ ngày', limits: limits({ min: '2020-01-31' }) }),
      ),
      { language: 'vi', initial: { since: '2019-05-01' }, showAllErrors: true },
    );
    await user.type(screen.getByRole('textbox', { name: 'Diện tích' }), '2.000.000');
    expect(screen.getByRole('textbox', { name: 'Diện tích' })).toHaveAccessibleDescription(/Tối đa 1\.000\.000,5/);
    expect(screen.getByLabelText('Từ ngày')).toHaveAccessibleDescription(/31 thg 1, 2020/);
  });
});
