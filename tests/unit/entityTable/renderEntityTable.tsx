import type { ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import { AdminContext, memoryStore, type RaRecord } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Language } from '../../../contract/http';
import type { PartnerDto } from '../../../contract/partners';
import { partnerOf } from '../../../mocks/handlers';
import { EntityTableScreen } from '../../../src/entityTable/EntityTableScreen';
import type { EntityResource } from '../../../src/entityTable/types';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { ReactAdminToasts } from '../../../src/notifications/ReactAdminToasts';
import { ToastHost } from '../../../src/notifications/ToastHost';
import { authProvider } from '../../../src/providers/auth/authProvider';
import { dataProvider } from '../../../src/providers/data/dataProvider';
import { CurrentPath } from '../renderWithRouter';

/** react-admin's context as the app gives it (data, auth, i18n, toasts), around `element` at `url`. */
export function renderInAdmin(element: ReactElement, { url, path, language = 'en' }: { url: string; path: string; language?: Language }) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={createI18nProvider(language)} store={memoryStore()}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<CurrentPath />} />
        </Routes>
        <ReactAdminToasts />
      </AdminContext>
      <ToastHost />
    </MemoryRouter>,
  );
}

/** A declared resource's screen at /{basePath}, with `/{basePath}/{id}` opening a row's edit dialog. */
export function renderEntityScreen<T extends RaRecord>(resource: EntityResource<T>, { basePath = '/partners', url }: { basePath?: string; url?: string } = {}) {
  return renderInAdmin(<EntityTableScreen resource={resource} basePath={basePath} />, { url: url ?? basePath, path: `${basePath}/:id?` });
}

/** Partners enough to page through: "Partner 01" … */
export function manyPartners(count: number, deleted: (index: number) => boolean = () => false): PartnerDto[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return partnerOf(
      { name: `Partner ${n}`, email: `p${n}@example.com`, type: 'Distributor', address: `${n} Harbour Road`, phone: `+84 28 0000 01${n}`, deleted: deleted(i) },
      `00000000-0000-4000-9000-0000000001${n}`,
    );
  });
}

export const rowNames = () => screen.queryAllByTestId('entity-row').map((row) => within(row).getAllByRole('cell')[1]?.textContent);
export const rows = () => screen.queryAllByTestId('entity-row');
export const rowOf = (name: string) => rows().find((row) => row.textContent?.includes(name)) as HTMLElement;
