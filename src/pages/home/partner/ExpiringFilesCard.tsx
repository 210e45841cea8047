import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { useTranslate } from 'react-admin';
import { DASHBOARD_EXPIRING_DAYS, type PartnerDashboardDto } from '../../../../contract/dashboard';
import { EmptyState } from '../../../components/EmptyState';
import { DashboardCard } from '../DashboardCard';
import { LinkedItemList } from '../LinkedItemList';
import { useTimeText } from '../useTimeText';
import { viewAll } from '../viewAll';

const ACCESSIBLE_FILES_ROUTE = '/accessible-files';

/** Files whose access ends soon, soonest first; each opens the partner's files. */
export function ExpiringFilesCard({ files }: { files: NonNullable<PartnerDashboardDto['expiringFiles']> }) {
  const translate = useTranslate();
  const time = useTimeText();
  return (
    <DashboardCard
      title={translate('dashboard.expiring.title')}
      more={viewAll(translate, ACCESSIBLE_FILES_ROUTE, files, 'dashboard.expiring.all')}
      testId="dashboard-expiring-files"
    >
      {files.items.length === 0 ? (
        <EmptyState
          dense
          title={translate('dashboard.expiring.emptyTitle')}
          hint={translate('dashboard.expiring.emptyHint', { days: DASHBOARD_EXPIRING_DAYS })}
        />
      ) : (
        <LinkedItemList
          label={translate('dashboard.expiring.title')}
          items={files.items.map((file) => ({
            key: file.grantId,
            to: ACCESSIBLE_FILES_ROUTE,
            primary: (
              <>
                <InsertDriveFileOutlined fontSize="small" sx={{ verticalAlign: 'text-bottom', mr: 0.5, color: 'text.secondary' }} aria-hidden />
                {file.fileName}
              </>
            ),
            secondary: (
              <span title={time.absolute(file.validTo)}>
                {translate('dashboard.expiring.endsAt', { time: time.relative(file.validTo) })}
                {file.downloadsLeft !== null && ` · ${translate('dashboard.expiring.downloadsLeft', { smart_count: file.downloadsLeft })}`}
              </span>
            ),
          }))}
        />
      )}
    </DashboardCard>
  );
}
