import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import { STATUS_COLORS } from '../../../resources/tickets/ticketStatus';
import type { TicketStatus } from '../../../../contract/tickets';

export interface StatusFigure {
  status: TicketStatus;
  label: string;
  count: number;
}

/** Tickets by status as bars in the status colours; loaded lazily, decorative beside its figures (aria-hidden by the card). */
export default function TicketStatusChart({ figures }: { figures: StatusFigure[] }) {
  const theme = useTheme();
  const labels = figures.map((figure) => figure.label);
  return (
    <BarChart
      layout="horizontal"
      height={40 + figures.length * 36}
      disableKeyboardNavigation
      hideLegend
      margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
      yAxis={[
        {
          scaleType: 'band',
          data: labels,
          width: 96,
          colorMap: { type: 'ordinal', values: labels, colors: figures.map((figure) => theme.palette[STATUS_COLORS[figure.status]].main) },
        },
      ]}
      xAxis={[{ tickMinStep: 1 }]}
      series={[{ data: figures.map((figure) => figure.count) }]}
    />
  );
}
