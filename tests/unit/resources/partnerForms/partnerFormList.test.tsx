import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PartnerFormFilePage from '../../../../src/resources/partnerForms/PartnerFormFilePage';
import PartnerFormListPage from '../../../../src/resources/partnerForms/PartnerFormListPage';
import { renderInAdmin, rows } from '../../entityTable/renderEntityTable';
import { LOAD } from '../../renderWithRouter';
import { signInAs } from '../../sessionFixtures';
import { ACME, bodiesSentTo, GLOBEX, INITECH, partnerFormOf, partnerFormsMock, READY_FORM, signInAsSupport, usePartnerFormsApi } from './partnerFormsApiMock';

afterEach(() => vi.restoreAllMocks());

const renderList = () => renderInAdmin(<PartnerFormListPage />, { url: '/partner-forms', path: '/partner-forms' });
const rowOf = (partner: string) => rows().find((row) => row.textContent?.includes(partner))!;

const openAcme = partnerFormOf({
  id: 'p0000000-0000-4000-8000-000000000001',
  partnerId: ACME,
  filledCount: 2,
  totalFields: 5,
  requiredFields: 3,
  outdated: true,
  note: 'Due in May',
});
const submittedGlobex = partnerFormOf({
  id: 'p0000000-0000-4000-8000-000000000002',
  partnerId: GLOBEX,
  status: 'SUBMITTED',
  filledCount: 5,
  totalFields: 5,
  outdated: true,
});
const lockedInitech = partnerFormOf({ id: 'p0000000-0000-4000-8000-000000000003', partnerId: INITECH, status: 'LOCKED', formVersionNumber: 2 });

describe('staff partner forms list', { timeout: 30_000 }, () => {
  it('lists every partner’s forms with version, status, progress, note and the outdated marker', async () => {
    signInAs('admin');
    usePartnerFormsApi([openAcme, submittedGlobex, lockedInitech]);
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    const acme = within(rowOf('Acme Logistics'));
    expect(acme.getByText('Company profile (v1)')).toBeInTheDocument();
    expect(acme.getByTestId('partner-form-status')).toHaveTextContent('Open');
    expect(acme.getByTestId('partner-form-progress')).toHaveTextContent('2 / 5 answered');
    expect(acme.getByTestId('partner-form-progress')).toHaveTextContent('3 required');
    expect(acme.getByTestId('partner-form-outdated')).toHaveTextContent('Newer version');
    expect(acme.getByText('Due in May')).toBeInTheDocument();
    expect(within(rowOf('Globex Trading')).getByTestId('partner-form-status')).toHaveTextContent('Submitted');
    expect(within(rowOf('Initech Supplies')).getByTestId('partner-form-status')).toHaveTextContent('Locked');
    expect(within(rowOf('Initech Supplies')).queryByTestId('partner-form-outdated')).not.toBeInTheDocument();
  });

  it('filters by status and searches by keyword through the search body', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    usePartnerFormsApi([openAcme, submittedGlobex, lockedInitech]);
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    await user.click(screen.getByTestId('entity-filters-toggle'));
    const panel = within(await screen.findByTestId('entity-advanced-search'));
    await user.click(panel.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Submitted' }));
    await user.click(panel.getByTestId('entity-filters-apply'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Globex Trading');
    await user.type(screen.getByTestId('entity-keyword'), 'globex{Enter}');
    await waitFor(() =>
      expect(bodiesSentTo('/api/v1/partner-forms/search').at(-1)).toMatchObject({ status: 'SUBMITTED', advancedSearch: { keyword: 'globex' } }),
    );
  });

  it('exports the filtered search of the form chosen in a dialog, with question keys as headers when asked', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:test/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    signInAs('admin');
    usePartnerFormsApi([openAcme, submittedGlobex]);
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(2), LOAD);
    await user.type(screen.getByTestId('entity-keyword'), 'acme{Enter}');
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByTestId('entity-export'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Export partner forms' }));
    // The form's search box has the focus; exporting without a form is refused in the dialog, and nothing is sent.
    const formBox = dialog.getByRole('combobox', { name: 'Form' });
    await waitFor(() => expect(formBox).toHaveFocus());
    await user.click(dialog.getByTestId('partner-form-export-submit'));
    expect(dialog.getByText('Choose a form to export.')).toBeInTheDocument();
    expect(partnerFormsMock.sent.some((s) => s.path === '/api/v1/partner-forms/export')).toBe(false);
    await user.click(formBox);
    await user.click(await screen.findByRole('option', { name: 'Company profile' }));
    await user.click(dialog.getByRole('radio', { name: /Question keys/ }));
    await user.click(dialog.getByTestId('partner-form-export-submit'));
    await waitFor(() => expect(saved).toEqual(['partner-forms.csv']));
    expect(screen.queryByRole('dialog', { name: 'Export partner forms' })).not.toBeInTheDocument();
    const exported = partnerFormsMock.sent.find((s) => s.path === '/api/v1/partner-forms/export');
    expect(Object.fromEntries(exported!.query)).toEqual({
      keyword: 'acme',
      definitionId: READY_FORM.definitionId,
      headers: 'keys',
      orderBy: 'updatedAt desc',
    });
  });

  it('the file page of a CSV link downloads the answer file, and sends an unknown one to not found', async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:test/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    signInAs('admin');
    usePartnerFormsApi([openAcme]);
    const path = '/partner-forms/:id/files/:fileId';
    const first = renderInAdmin(<PartnerFormFilePage />, { url: `/partner-forms/${openAcme.id}/files/file-1`, path });
    expect(await screen.findByTestId('partner-form-file-saved')).toHaveTextContent('licence.pdf was downloaded.');
    expect(saved).toEqual(['licence.pdf']);
    first.unmount();
    renderInAdmin(<PartnerFormFilePage />, { url: `/partner-forms/${openAcme.id}/files/missing`, path });
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/404'), LOAD);
    expect(saved).toEqual(['licence.pdf']);
  });

  it('assigns a ready form to two partners and says that one was skipped as already open', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    usePartnerFormsApi([lockedInitech]);
    partnerFormsMock.alreadyOpen.add(GLOBEX);
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(1), LOAD);
    await user.click(screen.getByTestId('partner-forms-assign'));
    const dialog = within(await screen.findByTestId('partner-form-assign-dialog'));
    await user.click(dialog.getByTestId('assign-submit'));
    expect(dialog.getByText('Choose a form')).toBeInTheDocument();
    expect(dialog.getByText('Choose at least one partner')).toBeInTheDocument();

    await user.click(dialog.getByRole('combobox', { name: /Form \(ready version\)/ }));
    await user.click(await screen.findByRole('option', { name: 'Company profile (v2)' }));
    await user.click(dialog.getByTestId('partners-picker'));
    await user.click(await screen.findByRole('option', { name: 'Acme Logistics' }));
    await user.click(await screen.findByRole('option', { name: 'Globex Trading' }));
    await user.keyboard('{Escape}');
    await user.click(dialog.getByTestId('assign-note'));
    await user.paste('Please fill in by Friday');
    await user.click(dialog.getByTestId('assign-submit'));

    const result = within(await screen.findByTestId('partner-form-assign-result'));
    expect(result.getByText('Assigned to 1 partner')).toBeInTheDocument();
    expect(result.getByTestId('partner-form-assigned')).toHaveTextContent('Acme Logistics');
    expect(result.getByTestId('partner-form-skipped')).toHaveTextContent('Globex Trading: this form is already open for them');
    expect(bodiesSentTo('/api/v1/partner-forms/assign')).toEqual([{ formId: READY_FORM.id, partnerIds: [ACME, GLOBEX], note: 'Please fill in by Friday' }]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(dialog.getByTestId('assign-done'));
    await waitFor(() => expect(screen.queryByTestId('partner-form-assign-dialog')).not.toBeInTheDocument());
  });

  it('shows what the newer version changes for each selected form and sends each choice', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    usePartnerFormsApi([openAcme, submittedGlobex, lockedInitech]);
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    // Only forms with a newer Ready version can be selected for it.
    expect(within(rowOf('Initech Supplies')).getByTestId('select-row')).toBeDisabled();
    await user.click(within(rowOf('Acme Logistics')).getByTestId('select-row'));
    await user.click(within(rowOf('Globex Trading')).getByTestId('select-row'));
    await user.click(screen.getByTestId('partner-forms-versions'));

    const dialog = within(await screen.findByTestId('partner-form-versions-dialog'));
    const cards = await dialog.findAllByTestId('version-changes');
    expect(cards).toHaveLength(2);
    const acme = within(cards.find((card) => card.textContent?.includes('Acme Logistics'))!);
    expect(await acme.findByTestId('version-changes-addedRequired')).toHaveTextContent('VAT number');
    expect(acme.getByTestId('version-changes-removed')).toHaveTextContent('Fax number');
    expect(acme.getByTestId('version-changes-changedRules')).toHaveTextContent('Tax number');
    expect(acme.getByText('Company profile: version 1 → 2')).toBeInTheDocument();
    // A draft migrates by default; a submitted form is reopened on the new version when staff choose so.
    const globex = within(cards.find((card) => card.textContent?.includes('Globex Trading'))!);
    await user.click(globex.getByRole('combobox', { name: 'What happens for Globex Trading' }));
    expect(screen.queryByRole('option', { name: 'Migrate the draft now' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Reopen on the new version' }));
    await user.click(dialog.getByTestId('versions-note'));
    await user.paste('Version 2 asks for the VAT number');
    await user.click(dialog.getByTestId('versions-apply'));

    await waitFor(() => expect(screen.queryByTestId('partner-form-versions-dialog')).not.toBeInTheDocument());
    expect(bodiesSentTo('/api/v1/partner-forms/migrate')).toEqual([
      { ids: [openAcme.id], action: 'migrate', note: 'Version 2 asks for the VAT number' },
      { ids: [submittedGlobex.id], action: 'reopen', note: 'Version 2 asks for the VAT number' },
    ]);
  });

  it('keeps every selected form on its old version with one choice for all, and lists those the server left alone', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    usePartnerFormsApi([openAcme, { ...lockedInitech, outdated: true }]);
    partnerFormsMock.outcomes.set(lockedInitech.id, 'notOutdated');
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(2), LOAD);
    await user.click(screen.getByTestId('select-all'));
    await user.click(screen.getByTestId('partner-forms-versions'));
    const dialog = within(await screen.findByTestId('partner-form-versions-dialog'));
    await user.click(dialog.getByRole('combobox', { name: 'Choose for all' }));
    await user.click(await screen.findByRole('option', { name: 'Let them finish on the old version' }));
    await user.click(dialog.getByTestId('versions-apply'));
    await waitFor(() => expect(bodiesSentTo('/api/v1/partner-forms/migrate')).toEqual([{ ids: [openAcme.id, lockedInitech.id], action: 'keep' }]));
    expect(await dialog.findByTestId('versions-left-alone')).toHaveTextContent('Initech Supplies: already on the newest version');
    expect(await screen.findByText('Done for 1 partner form')).toBeInTheDocument();
  });

  it('unlocks with an empty note: the lock note is not carried into the Open form', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    usePartnerFormsApi([{ ...lockedInitech, note: 'Locked while we verify your VAT number.' }]);
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(1), LOAD);
    await user.click(within(rowOf('Initech Supplies')).getByTestId('row-actions'));
    await user.click(await screen.findByRole('menuitem', { name: 'Unlock' }));
    const dialog = within(await screen.findByTestId('partner-form-unlock-dialog'));
    expect(dialog.getByTestId('status-note')).toHaveValue('');
    await user.click(dialog.getByTestId('status-submit'));
    await waitFor(() => expect(screen.queryByTestId('partner-form-unlock-dialog')).not.toBeInTheDocument());
    expect(bodiesSentTo(`/api/v1/partner-forms/${lockedInitech.id}/unlock`)).toEqual([{ note: '' }]);
  });

  it('reopens a submitted form from its row with a comment on one of its questions', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    usePartnerFormsApi([submittedGlobex]);
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(1), LOAD);
    await user.click(within(rowOf('Globex Trading')).getByTestId('row-actions'));
    await user.click(await screen.findByRole('menuitem', { name: 'Reopen' }));
    const dialog = within(await screen.findByTestId('partner-form-reopen-dialog'));
    await user.click(dialog.getByTestId('status-note'));
    await user.paste('One more thing');
    await user.click(await dialog.findByTestId('comment-add'));
    await user.click(dialog.getByRole('combobox', { name: 'Question' }));
    await user.click(await screen.findByRole('option', { name: 'Documents › Business licence' }));
    await user.click(dialog.getByTestId('comment-text'));
    await user.paste('The licence has expired');
    await user.click(dialog.getByTestId('status-submit'));
    await waitFor(() => expect(screen.queryByTestId('partner-form-reopen-dialog')).not.toBeInTheDocument());
    expect(bodiesSentTo(`/api/v1/partner-forms/${submittedGlobex.id}/reopen`)).toEqual([
      { note: 'One more thing', comments: { licence: 'The licence has expired' } },
    ]);
    await waitFor(() => expect(within(rowOf('Globex Trading')).getByTestId('partner-form-status')).toHaveTextContent('Open'));
  });

  it('offers Support no assign, lock, unlock, reopen or version choice, only reading', async () => {
    const user = userEvent.setup();
    signInAsSupport();
    usePartnerFormsApi([openAcme, submittedGlobex, lockedInitech]);
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    expect(screen.queryByTestId('partner-forms-assign')).not.toBeInTheDocument();
    expect(screen.queryByTestId('entity-export')).not.toBeInTheDocument();
    expect(screen.queryByTestId('select-row')).not.toBeInTheDocument();
    for (const partner of ['Acme Logistics', 'Globex Trading', 'Initech Supplies']) {
      await user.click(within(rowOf(partner)).getByTestId('row-actions'));
      const items = await screen.findAllByRole('menuitem');
      expect(items.map((item) => item.textContent)).toEqual(['Read']);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    }
  });

  it('offers an admin the changes each status allows', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    usePartnerFormsApi([openAcme, submittedGlobex, lockedInitech]);
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    const menuOf = async (partner: string) => {
      await user.click(within(rowOf(partner)).getByTestId('row-actions'));
      const labels = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
      return labels;
    };
    expect(await menuOf('Acme Logistics')).toEqual(['Read', 'Lock', 'Newer version…']);
    expect(await menuOf('Globex Trading')).toEqual(['Read', 'Reopen', 'Newer version…']);
    expect(await menuOf('Initech Supplies')).toEqual(['Read', 'Unlock', 'Reopen']);
  });
});
