import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../mocks/handlers';
import { RealtimeSession } from '../../../src/realtime/RealtimeSession';
import partners from '../../../src/resources/partners/partnerTable';
import { renderInAdmin } from '../entityTable/renderEntityTable';
import { EntityTableScreen } from '../../../src/entityTable/EntityTableScreen';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';
import { hub } from './fakeSignalr';

vi.mock('@microsoft/signalr', () => import('./fakeSignalr'));

const searches = () => mockApi.requests.filter((r) => r.path === '/api/v1/partners/search');
const ADDED = '00000000-0000-4000-9000-000000000099';

beforeEach(() => hub.connection?.reset());
afterEach(() => vi.useRealTimers());

/** The partners screen in the signed-in layout's realtime session, loaded and connected. */
async function renderLivePartners() {
  signInAs('admin');
  renderInAdmin(
    <>
      <RealtimeSession />
      <EntityTableScreen resource={partners} basePath="/partners" />
    </>,
    { url: '/partners', path: '/partners/:id?' },
  );
  await waitFor(() => expect(screen.getAllByTestId('entity-row')).toHaveLength(3), LOAD);
  await waitFor(() => expect(hub.connection?.state).toBe('Connected'));
  return searches().length;
}

/** Delivers hub messages, then lets every timer they set run out (fake time: nothing is waited for). */
async function deliver(...changes: { resource: string; id: string; action: 'created' | 'updated' | 'deleted' }[]) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  act(() => {
    for (const change of changes) hub.connection!.receive('ResourceChanged', change);
  });
  await act(() => vi.advanceTimersByTimeAsync(1000));
  vi.useRealTimers();
}

describe('a hub ResourceChanged message', () => {
  it('refetches a mounted list of its resource exactly once', async () => {
    const before = await renderLivePartners();
    mockApi.partners.push({ ...mockApi.partners[0], id: ADDED, name: 'Added Elsewhere' });

    await deliver({ resource: 'partners', id: ADDED, action: 'created' });

    expect(await screen.findByText('Added Elsewhere')).toBeInTheDocument();
    expect(searches().length - before).toBe(1);
  });

  it('refetches once for changes arriving together, and not for another resource', async () => {
    const before = await renderLivePartners();
    mockApi.partners.push({ ...mockApi.partners[0], id: ADDED, name: 'Added Elsewhere' });

    await deliver(
      { resource: 'tickets', id: 'x', action: 'created' },
      { resource: 'partners', id: ADDED, action: 'created' },
      { resource: 'partners', id: mockApi.partners[0].id, action: 'updated' },
    );

    expect(await screen.findByText('Added Elsewhere')).toBeInTheDocument();
    expect(searches().length - before).toBe(1);
  });
});

describe('a hub Resync message', () => {
  it('refetches a mounted list once, whatever its resource', async () => {
    const before = await renderLivePartners();
    mockApi.partners.push({ ...mockApi.partners[0], id: ADDED, name: 'Missed While Away' });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => hub.connection!.receive('Resync', undefined));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    vi.useRealTimers();

    expect(await screen.findByText('Missed While Away')).toBeInTheDocument();
    expect(searches().length - before).toBe(1);
  });
});
