import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AgreementAcceptanceDto, AgreementVersionDto } from '../../../contract/agreements';
import type { AgreementRecord } from '../../../contract/resources/agreements';
import { agreementsMock } from '../../../mocks/agreements';
import acceptanceTable from '../../../src/resources/agreementAcceptances/acceptanceTable';
import agreementTable from '../../../src/resources/agreements/agreementTable';
import { renderEntityScreen } from '../entityTable/renderEntityTable';
import { seriousAxeFindings } from '../axeFindings';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';

/** Issue 40: staff's agreements (versions, publishing the next) and acceptances screens against mocks/agreements.ts. */
const TERMS: AgreementRecord = {
  id: '00000000-0000-4000-a100-000000000001',
  nameEn: 'Partner terms',
  nameVi: 'Điều khoản đối tác',
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  version: '1',
};
const FIRST: AgreementVersionDto = {
  id: '00000000-0000-4000-a200-000000000001',
  agreementId: TERMS.id,
  versionNumber: 1,
  bodyEn: 'Keep your sign-in to yourself.',
  bodyVi: 'Giữ thông tin đăng nhập cho riêng bạn.',
  publishedAt: '2026-11-02T08:00:00.000Z',
  publishedBy: 'admin',
  publishedByName: 'Ada Admin',
  acceptedCount: 3,
};

async function openVersions() {
  const user = userEvent.setup();
  const [row] = await screen.findAllByTestId('entity-row', {}, LOAD);
  await user.click(within(row).getByTestId('row-actions'));
  await user.click(await screen.findByTestId('row-action-versions'));
  return { user, dialog: within(await screen.findByRole('dialog', { name: 'Versions of "Partner terms"' }, LOAD)) };
}

describe("staff's agreements screen", () => {
  it('lists the versions with who published each and how many accepted, and publishes the next from the current text', async () => {
    agreementsMock.agreements = [TERMS];
    agreementsMock.versions.set(TERMS.id, [FIRST]);
    signInAs('admin');
    renderEntityScreen(agreementTable, { basePath: '/agreements' });
    const { user, dialog } = await openVersions();
    const [version] = await dialog.findAllByTestId('agreement-version', {}, LOAD);
    expect(version).toHaveTextContent('Version 1');
    expect(version).toHaveTextContent('by Ada Admin');
    expect(version).toHaveTextContent('Accepted by 3 users');
    await user.click(within(version).getByRole('button', { name: 'Read version 1' }));
    expect(within(version).getByRole('region', { name: 'Vietnamese' })).toHaveTextContent(FIRST.bodyVi);
    expect(within(version).getByRole('button', { name: 'Hide version 1' })).toHaveAttribute('aria-expanded', 'true');

    const english = dialog.getByRole('textbox', { name: 'Text (English)' });
    await waitFor(() => expect(english).toHaveValue(FIRST.bodyEn));
    expect(dialog.getByRole('textbox', { name: 'Text (Vietnamese)' })).toHaveValue(FIRST.bodyVi);
    expect(await seriousAxeFindings(screen.getByRole('dialog'))).toEqual([]);
    await user.type(english, ' Report a lost password at once.');
    await user.click(dialog.getByRole('button', { name: 'Publish version 2' }));

    await waitFor(() => expect(agreementsMock.publishes).toEqual([{ bodyEn: `${FIRST.bodyEn} Report a lost password at once.`, bodyVi: FIRST.bodyVi }]));
    await waitFor(() =>
      expect(dialog.getAllByTestId('agreement-version').map((v) => v.textContent)).toEqual([
        expect.stringContaining('Version 2'),
        expect.stringContaining('Version 1'),
      ]),
    );
  });

  it('refuses an empty text, naming the field, and publishes nothing', async () => {
    agreementsMock.agreements = [TERMS];
    signInAs('admin');
    renderEntityScreen(agreementTable, { basePath: '/agreements' });
    const { user, dialog } = await openVersions();
    expect(await dialog.findByText('No version published yet: partners are asked nothing until one is.', {}, LOAD)).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: 'Text (English)' }), 'Only English');
    await user.click(dialog.getByRole('button', { name: 'Publish version 1' }));
    expect(dialog.getByRole('textbox', { name: 'Text (Vietnamese)' })).toHaveAccessibleDescription(/required/i);
    expect(agreementsMock.publishes).toEqual([]);
  });
});

describe("staff's acceptances screen", () => {
  const acceptance: AgreementAcceptanceDto = {
    id: '00000000-0000-4000-a300-000000000001',
    agreementId: TERMS.id,
    agreementName: TERMS.nameEn,
    agreementNameVi: TERMS.nameVi,
    versionId: FIRST.id,
    versionNumber: 1,
    userId: 'u1',
    userName: 'Bình Trần',
    userEmail: 'partner@acme.example',
    partnerId: 'p1',
    partnerName: 'Acme Logistics',
    acceptedAt: '2026-11-03T09:30:00.000Z',
    clientAddress: '203.0.113.7',
  };

  it("opened from an agreement's row, lists who accepted which version, for which partner, when and from where", async () => {
    agreementsMock.acceptances = [acceptance];
    signInAs('admin');
    renderEntityScreen(acceptanceTable, {
      basePath: '/agreement-acceptances',
      url: `/agreement-acceptances?filter=${encodeURIComponent(JSON.stringify({ agreementId: TERMS.id }))}`,
    });
    const [row] = await screen.findAllByTestId('entity-row', {}, LOAD);
    for (const text of ['Bình Trần', 'Acme Logistics', 'Partner terms', '1', '203.0.113.7', '2026']) expect(row).toHaveTextContent(text);
    expect(agreementsMock.acceptanceSearches.at(-1)).toMatchObject({ agreementId: TERMS.id, orderBy: ['acceptedAt desc'] });
    expect(screen.queryByTestId('entity-add')).not.toBeInTheDocument();
    expect(await seriousAxeFindings(document.body)).toEqual([]);
  });
});
