import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AnswerFile } from '../../../../contract/forms';
import validationVi from '../../../../i18n/validation.vi';
import { question, renderQuestions, sectionOf, taxRule, when } from './questionFixtures';

const messageOf = (name: string) => screen.getByRole('group', { name: new RegExp(name) });

describe('a text question', () => {
  it("shows the rule's suggest text as the hint and its error text as the partner types", async () => {
    const user = userEvent.setup();
    renderQuestions(sectionOf(question('tax', 'text', { label: 'Tax number', rule: taxRule })));
    const input = screen.getByRole('textbox', { name: 'Tax number' });
    expect(input).toHaveAccessibleDescription('Ten digits, e.g. 0312345678');
    await user.type(input, '12345');
    expect(input).toHaveAccessibleDescription('A tax number has ten digits');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.type(input, '67890');
    expect(input).toHaveAccessibleDescription('Ten digits, e.g. 0312345678');
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('says a required answer is missing once the partner emptied it', async () => {
    const user = userEvent.setup();
    renderQuestions(sectionOf(question('name', 'text', { label: 'Company name', required: true, help: 'As registered' })));
    const input = screen.getByRole('textbox', { name: /Company name/ });
    expect(input).toHaveAccessibleDescription('As registered');
    await user.type(input, 'A');
    await user.clear(input);
    expect(input).toHaveAccessibleDescription('As registered This field is required');
  });

  it('appears only while the earlier answer contains the condition value', async () => {
    const user = userEvent.setup();
    renderQuestions(
      sectionOf(question('kind', 'text', { label: 'Kind' }), question('branch', 'text', { label: 'Branch', condition: when('kind', 'contains', 'branch') })),
    );
    expect(screen.queryByRole('textbox', { name: 'Branch' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Kind' }), 'A Branch office');
    expect(screen.getByRole('textbox', { name: 'Branch' })).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Kind' }));
    expect(screen.queryByRole('textbox', { name: 'Branch' })).not.toBeInTheDocument();
  });

  it('translates a generic rule message into Vietnamese', async () => {
    const user = userEvent.setup();
    renderQuestions(sectionOf(question('code', 'text', { label: 'Code', rule: { ...taxRule, errorText: '', suggestText: '' } })), { language: 'vi' });
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'abc');
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(validationVi.validation.answerPattern);
  });
});

describe('a yes/no question', () => {
  it('takes "no" as an answer and shows its dependants only for "yes"', async () => {
    const user = userEvent.setup();
    const { answers } = renderQuestions(
      sectionOf(
        question('vat', 'yesNo', { label: 'VAT registered', required: true }),
        question('vatId', 'text', { label: 'VAT id', condition: when('vat', 'is', 'yes') }),
      ),
    );
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(answers().vat).toBe(false);
    expect(screen.queryByRole('textbox', { name: 'VAT id' })).not.toBeInTheDocument();
    expect(messageOf('VAT registered')).not.toHaveTextContent('This field is required');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(answers().vat).toBe(true);
    expect(screen.getByRole('textbox', { name: 'VAT id' })).toBeInTheDocument();
  });

  it('says a required yes/no is unanswered when Submit asks for every error', () => {
    renderQuestions(sectionOf(question('vat', 'yesNo', { label: 'VAT registered', required: true })), { showAllErrors: true });
    expect(messageOf('VAT registered')).toHaveTextContent('This field is required');
  });
});

describe('a select question', () => {
  it('offers its options, flags an emptied required choice and shows a dependant for one option', async () => {
    const user = userEvent.setup();
    const { answers } = renderQuestions(
      sectionOf(
        question('size', 'select', { label: 'Size', required: true, options: ['Small', 'Large'] }),
        question('staff', 'text', { label: 'Staff count', condition: when('size', 'is', 'large') }),
      ),
    );
    const select = screen.getByRole('combobox', { name: /Size/ });
    await user.selectOptions(select, 'Large');
    expect(answers().size).toBe('Large');
    expect(screen.getByRole('textbox', { name: 'Staff count' })).toBeInTheDocument();
    await user.selectOptions(select, '');
    expect(answers().size).toBeNull();
    expect(select).toHaveAccessibleDescription('This field is required');
    expect(screen.queryByRole('textbox', { name: 'Staff count' })).not.toBeInTheDocument();
  });

  it("flags an earlier version's option that this version dropped", () => {
    renderQuestions(sectionOf(question('size', 'select', { label: 'Size', options: ['Small', 'Large'] })), {
      initial: { size: 'Medium' },
      showAllErrors: true,
    });
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveValue('Medium');
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveAccessibleDescription('Choose one of the options');
  });
});

describe('a multiple question', () => {
  it("keeps the options' order, shows a dependant while it contains an option and flags no choice when required", async () => {
    const user = userEvent.setup();
    const { answers } = renderQuestions(
      sectionOf(
        question('channels', 'multiple', { label: 'Channels', required: true, options: ['Retail', 'Online', 'Export'] }),
        question('countries', 'text', { label: 'Countries', condition: when('channels', 'contains', 'Export') }),
      ),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Export' }));
    await user.click(screen.getByRole('checkbox', { name: 'Retail' }));
    expect(answers().channels).toEqual(['Retail', 'Export']);
    expect(screen.getByRole('textbox', { name: 'Countries' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Export' }));
    await user.click(screen.getByRole('checkbox', { name: 'Retail' }));
    expect(answers().channels).toEqual([]);
    expect(screen.queryByRole('textbox', { name: 'Countries' })).not.toBeInTheDocument();
    expect(messageOf('Channels')).toHaveTextContent('This field is required');
  });
});

const stored = (name: string, id = name): AnswerFile => ({ id, name, type: 'application/pdf', size: 2048 });
const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('a file question', () => {
  it('uploads the chosen file with its progress and shows the type and size limits', async () => {
    const user = userEvent.setup();
    let finish: (file: AnswerFile) => void = () => undefined;
    const upload = vi.fn(
      (_key: string, _file: File, onProgress: (progress: { loaded: number; total: number }) => void) =>
        new Promise<AnswerFile>((resolve) => {
          onProgress({ loaded: 40, total: 100 });
          finish = resolve;
        }),
    );
    const { answers } = renderQuestions(sectionOf(question('licence', 'file', { label: 'Business licence', required: true })), { upload });
    const group = messageOf('Business licence');
    expect(within(group).getByText(/One file, at most 10 MB: PNG, JPG/)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Business licence', { selector: 'input' }), pdf('licence.pdf'));
    expect(upload).toHaveBeenCalledWith('licence', expect.any(File), expect.any(Function));
    expect(await within(group).findByText('Uploading licence.pdf: 40%')).toBeInTheDocument();
    finish(stored('licence.pdf', 'f1'));
    await waitFor(() => expect(answers().licence).toEqual(stored('licence.pdf', 'f1')));
    expect(within(group).getByText('licence.pdf')).toBeInTheDocument();
    expect(within(group).queryByText(/Uploading/)).not.toBeInTheDocument();
  });

  it('refuses a file of a type the API does not take without uploading it, and is required', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const upload = vi.fn();
    renderQuestions(sectionOf(question('licence', 'file', { label: 'Business licence', required: true })), { upload, showAllErrors: true });
    await user.upload(screen.getByLabelText('Business licence', { selector: 'input' }), new File(['MZ'], 'tool.exe'));
    expect(upload).not.toHaveBeenCalled();
    expect(messageOf('Business licence')).toHaveTextContent('tool.exe is not an accepted file');
    expect(messageOf('Business licence')).toHaveTextContent('This field is required');
  });

  it("cannot upload in the builder's preview, which passes no upload", () => {
    renderQuestions(sectionOf(question('licence', 'file', { label: 'Business licence' })));
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeDisabled();
    expect(screen.getByText('Partners upload their files here.')).toBeInTheDocument();
  });
});

describe('a files question', () => {
  it('adds files one after another, removes one, and shows a dependant while a file name contains the value', async () => {
    const user = userEvent.setup();
    let count = 0;
    const upload = vi.fn(async (_key: string, file: File) => stored(file.name, `f${++count}`));
    const { answers } = renderQuestions(
      sectionOf(
        question('docs', 'files', { label: 'Documents' }),
        question('invoiceNote', 'text', { label: 'About the invoice', condition: when('docs', 'contains', 'invoice.pdf') }),
      ),
      { upload },
    );
    await user.upload(screen.getByLabelText('Documents', { selector: 'input' }), [pdf('invoice.pdf'), pdf('contract.pdf')]);
    await waitFor(() => expect(answers().docs).toEqual([stored('invoice.pdf', 'f1'), stored('contract.pdf', 'f2')]));
    expect(screen.getByRole('textbox', { name: 'About the invoice' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove invoice.pdf' }));
    expect(answers().docs).toEqual([stored('contract.pdf', 'f2')]);
    expect(screen.queryByRole('textbox', { name: 'About the invoice' })).not.toBeInTheDocument();
    expect(screen.getByText(/Up to 10 files, at most 10 MB each/)).toBeInTheDocument();
  });
});

describe('a group question', () => {
  it('holds its children in a fieldset and hides them all when its condition fails', async () => {
    const user = userEvent.setup();
    renderQuestions(
      sectionOf(
        question('hasBank', 'yesNo', { label: 'Bank account' }),
        question('bank', 'group', {
          label: 'Bank details',
          condition: when('hasBank', 'is', 'yes'),
          children: [question('iban', 'text', { label: 'IBAN', required: true }), question('swift', 'text', { label: 'SWIFT' })],
        }),
      ),
    );
    expect(screen.queryByRole('group', { name: 'Bank details' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    const group = screen.getByRole('group', { name: 'Bank details' });
    expect(within(group).getByRole('textbox', { name: /IBAN/ })).toBeInTheDocument();
    expect(within(group).getByRole('textbox', { name: 'SWIFT' })).toBeInTheDocument();
  });
});

describe('read-only questions', () => {
  it('show the answers and staff comments, take no change and show no error', () => {
    renderQuestions(
      sectionOf(
        question('name', 'text', { label: 'Company name', required: true }),
        question('vat', 'yesNo', { label: 'VAT registered' }),
        question('docs', 'files', { label: 'Documents' }),
      ),
      { initial: { name: '', vat: true, docs: [stored('a.pdf')] }, readOnly: true, showAllErrors: true, comments: { name: 'The name is missing' } },
    );
    expect(screen.getByRole('textbox', { name: /Company name/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /Company name/ })).not.toHaveAccessibleDescription(/required/);
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeDisabled();
    expect(screen.getByText('a.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove|Add files/ })).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Comment from staffThe name is missing');
  });
});
