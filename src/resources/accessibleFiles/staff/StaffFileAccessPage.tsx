import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PageHeading } from '../../../layout/PageHeading';
import { FilesTab } from './FilesTab';
import { GrantsTab } from './GrantsTab';
import { RequestsTab } from './RequestsTab';

/** The three tabs of specification section 2, in its order; `?tab=` keeps the one open across reloads and links. */
export const STAFF_FILE_TABS = ['requests', 'files', 'grants'] as const;
export type StaffFileTab = (typeof STAFF_FILE_TABS)[number];

const tabOf = (value: string | null): StaffFileTab => ((STAFF_FILE_TABS as readonly string[]).find((tab) => tab === value) as StaffFileTab) ?? 'requests';

/** Staff's /accessible-files: file request access, file manager and file accessible type (grants). */
export default function StaffFileAccessPage() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const choose = (next: StaffFileTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeading title={translate('fileManager.title')}>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{translate('fileManager.description')}</Typography>
      </PageHeading>
      <Tabs
        value={tab}
        onChange={(_, next: StaffFileTab) => choose(next)}
        aria-label={translate('fileManager.tabs.label')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {STAFF_FILE_TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={translate(`fileManager.tabs.${value}`)}
            id={`file-tab-${value}`}
            aria-controls={`file-panel-${value}`}
            data-testid={`file-tab-${value}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`file-panel-${tab}`} aria-labelledby={`file-tab-${tab}`}>
        {tab === 'requests' && <RequestsTab />}
        {tab === 'files' && <FilesTab />}
        {tab === 'grants' && <GrantsTab />}
      </Box>
    </Box>
  );
}
