import { lazy } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import type { DashboardFunnelRow } from '../../../../contract/dashboard';
import { EmptyState } from '../../../components/EmptyState';
import { visuallyHiddenSx } from '../../../components/visuallyHidden';
import { DashboardCard } from '../DashboardCard';
import { ChartFrame } from './ChartFrame';
import { FUNNEL_STAGES, type FunnelStage } from './funnelStages';

const FunnelChart = lazy(() => import('./FunnelChart'));
const PARTNER_FORMS_ROUTE = '/partner-forms';

/** Per form, its partner forms along assigned → in progress → submitted → reopened: a stacked bar chart and the same figures as a table. */
export function FunnelCard({ rows }: { rows: DashboardFunnelRow[] }) {
  const translate = useTranslate();
  const stageLabel = (stage: FunnelStage) => translate(`dashboard.funnel.stages.${stage}`);
  return (
    <DashboardCard
      title={translate('dashboard.funnel.title')}
      more={{ to: PARTNER_FORMS_ROUTE, label: translate('dashboard.funnel.all') }}
      wide
      testId="dashboard-funnel"
    >
      {rows.length === 0 ? (
        <EmptyState dense title={translate('dashboard.funnel.emptyTitle')} hint={translate('dashboard.funnel.emptyHint')} />
      ) : (
        <Box sx={{ px: 2 }}>
          <ChartFrame height={90 + rows.length * 40}>
            <FunnelChart rows={rows} stageLabel={stageLabel} />
          </ChartFrame>
          {/* A table sizes to its content whatever its width: the box around it is what hides it. */}
          <Box sx={visuallyHiddenSx}>
            <Table size="small" data-testid="dashboard-funnel-figures">
              <caption>{translate('dashboard.funnel.caption')}</caption>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    {translate('dashboard.funnel.form')}
                  </TableCell>
                  {FUNNEL_STAGES.map((stage) => (
                    <TableCell key={stage} component="th" scope="col">
                      {stageLabel(stage)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.definitionId}>
                    <TableCell component="th" scope="row">
                      {row.formName}
                    </TableCell>
                    {FUNNEL_STAGES.map((stage) => (
                      <TableCell key={stage}>{row[stage]}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Box>
      )}
    </DashboardCard>
  );
}
