import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import type { DashboardFunnelRow } from '../../../../contract/dashboard';
import { FUNNEL_STAGES, type FunnelStage } from './funnelStages';

/** Each form's partner forms stacked by stage; loaded lazily, decorative beside its table (aria-hidden by the card). */
export default function FunnelChart({ rows, stageLabel }: { rows: DashboardFunnelRow[]; stageLabel: (stage: FunnelStage) => string }) {
  const theme = useTheme();
  const colors: Record<FunnelStage, string> = {
    assigned: theme.palette.grey[theme.palette.mode === 'dark' ? 400 : 600],
    inProgress: theme.palette.info.main,
    submitted: theme.palette.success.main,
    reopened: theme.palette.warning.main,
  };
  return (
    <BarChart
      layout="horizontal"
      height={90 + rows.length * 40}
      disableKeyboardNavigation
      margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
      yAxis={[{ scaleType: 'band', data: rows.map((row) => row.formName), width: 120 }]}
      xAxis={[{ tickMinStep: 1 }]}
      slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } } }}
      series={FUNNEL_STAGES.map((stage) => ({
        id: stage,
        label: stageLabel(stage),
        stack: 'funnel',
        color: colors[stage],
        data: rows.map((row) => row[stage]),
      }))}
    />
  );
}
