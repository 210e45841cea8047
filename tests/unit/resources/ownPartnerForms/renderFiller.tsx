import { render } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Language } from '../../../../contract/http';
import { partnerClaims } from '../../../../mocks/accounts';
import { createI18nProvider } from '../../../../src/i18n/i18nProvider';
import { themeOptions } from '../../../../src/theme/themeOptions';
import { ToastHost } from '../../../../src/notifications/ToastHost';
import { authProvider } from '../../../../src/providers/auth/authProvider';
import { dataProvider } from '../../../../src/providers/data/dataProvider';
import SectionFillerPage from '../../../../src/resources/ownPartnerForms/SectionFillerPage';
import { CurrentPath } from '../../renderWithRouter';
import { signInAs } from '../../sessionFixtures';
import { FORM_ID } from './partnerFormsMock';

/** Where the filler keeps this partner user's unsent answers of the mocked partner form. */
export const unsentKey = `portal.formAnswers.${partnerClaims.sub}.${FORM_ID}`;

export const storedUnsent = () => JSON.parse(localStorage.getItem(unsentKey) ?? 'null')?.answers ?? null;

/** The section filler of a signed-in partner user, in the app's theme, at /forms/{id}/sections/{key}, with the path shown (`current-path`). */
export function renderFiller(sectionKey: string, partnerFormId = FORM_ID, language: Language = 'en') {
  signInAs('partner');
  return render(
    <MemoryRouter initialEntries={[`/forms/${partnerFormId}/sections/${sectionKey}`]}>
      <AdminContext
        lightTheme={themeOptions('light')}
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={createI18nProvider(language)}
        store={memoryStore()}
      >
        <Routes>
          <Route path="/forms/:partnerFormId/sections/:sectionId" element={<SectionFillerPage />} />
        </Routes>
        <CurrentPath />
      </AdminContext>
      <ToastHost />
    </MemoryRouter>,
  );
}
