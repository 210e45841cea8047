import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import type { DashboardFunnelRow } from '../../../../contract/dashboard';
import { FUNNEL_STAGES, type FunnelStage } from './funnelStages';
import { distinctTickLabels } from './funnelTickLabels';

/**
 * Each form's partner forms stacked by stage; loaded lazily, decorative beside its table (aria-hidden by the card).
 * Axis labels are cut so that no two forms read alike; the tooltip names the form in full.
 */
export default function FunnelChart({ rows, stageLabel }: { rows: DashboardFunnelRow[]; stageLabel: (stage: FunnelStage) => string }) {
  const theme = useTheme();
  const colors: Record<FunnelStage, string> = {
    assigned: theme.palette.grey[theme.palette.mode === 'dark' ? 400 : 600],
    inProgress: theme.palette.info.main,
    submitted: theme.palette.success.main,
    reopened: theme.palette.warning.main,
  };
  const names = new Map(rows.map((row) => [row.definitionId, row.formName]));
  const tickLabels = distinctTickLabels(rows.map((row) => row.formName));
  const ticks = new Map(rows.map((row, index) => [row.definitionId, tickLabels[index]]));
  return (
    <BarChart
      layout="horizontal"
      height={90 + rows.length * 40}
      disableKeyboardNavigation
      margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
      yAxis={[
        {
          scaleType: 'band',
          // One band per form, by its id: two forms of one name are two bars.
          data: rows.map((row) => row.definitionId),
          valueFormatter: (definitionId: string, context) => (context.location === 'tick' ? ticks.get(definitionId) : names.get(definitionId)) ?? '',
          width: 120,
        },
      ]}
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
