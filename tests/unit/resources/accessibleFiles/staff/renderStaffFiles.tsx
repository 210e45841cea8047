import type { Language } from '../../../../../contract/http';
import StaffFileAccessPage from '../../../../../src/resources/accessibleFiles/staff/StaffFileAccessPage';
import { renderInAdmin } from '../../../entityTable/renderEntityTable';

/** The staff tabs of /accessible-files, at `?tab=`. */
export const renderStaffTabs = (tab?: string, language: Language = 'en') =>
  renderInAdmin(<StaffFileAccessPage />, { url: tab ? `/accessible-files?tab=${tab}` : '/accessible-files', path: '/accessible-files', language });
