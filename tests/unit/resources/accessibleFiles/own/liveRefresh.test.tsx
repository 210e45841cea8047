import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import OwnFilesPage from '../../../../../src/resources/accessibleFiles/own/OwnFilesPage';
import { LOAD, renderLiveScreen } from '../../../renderWithRouter';
import { signInAs } from '../../../sessionFixtures';
import { mockOwnFiles, oldContract, taxForm } from './ownFilesMock';

describe("the partner's files follow the hub", () => {
  it('refetches the files on a grant change and the requests on a request change', async () => {
    const sent = mockOwnFiles({ current: [taxForm()], ended: [oldContract()] });
    signInAs('partner');
    const { changes } = renderLiveScreen('/accessible-files', <OwnFilesPage />);
    await screen.findByRole('button', { name: 'Open tax-form.pdf' }, LOAD);
    await waitFor(() => expect(sent.requestSearches).toBeGreaterThan(0));
    const before = { files: sent.searches.length, requests: sent.requestSearches };

    changes.apply({ resource: 'file-grants', id: 'g1', action: 'updated' });
    await waitFor(() =>
      expect(
        sent.searches
          .map((body) => body.include)
          .slice(before.files)
          .sort(),
      ).toEqual(['current', 'ended']),
    );
    expect(sent.requestSearches).toBe(before.requests);

    changes.apply({ resource: 'file-requests', id: 'r1', action: 'updated' });
    await waitFor(() => expect(sent.requestSearches).toBeGreaterThan(before.requests));
    expect(sent.searches).toHaveLength(before.files + 2);
    changes.stop();
  });
});
