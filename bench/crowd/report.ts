import { OPERATIONS, type Operation, type PhaseRecord } from './workload';

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
};
const MB = 2 ** 20;
const fmt = (ms: number) => (Number.isFinite(ms) ? (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`) : '–');
const pair = (values: number[]) => (values.length ? `${fmt(percentile(values, 50))} / ${fmt(percentile(values, 99))}` : '–');
const table = (header: string[], rows: string[][]) =>
  [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

const all = (phases: PhaseRecord[], op: Operation) => phases.flatMap((p) => p.durations.get(op)!);

/** Per operation and phase: p50 / p99 (count, failures), then every crowd phase's and every alone phase's pooled. */
export function operationTable(phases: PhaseRecord[]): string {
  const rows = OPERATIONS.map((op) => [
    op,
    ...phases.map((p) => {
      const d = p.durations.get(op)!;
      const failed = p.failures.get(op)!;
      return `${pair(d)} (${d.length}${failed ? `, **${failed} failed**` : ''})`;
    }),
  ]);
  rows.push(['hub delivery', ...phases.map((p) => `${pair(p.deliveries)} (${p.deliveries.length})`)]);
  rows.push(['requests/s', ...phases.map((p) => (p.requests / Math.max(p.seconds, 1e-3)).toFixed(1))]);
  rows.push([
    'server RSS end (max)',
    ...phases.map((p) => (p.rss.length ? `${(p.rss.at(-1)! / MB).toFixed(0)} (${(Math.max(...p.rss) / MB).toFixed(0)}) MB` : '–')),
  ]);
  return table(['p50 / p99 (count)', ...phases.map((p) => p.name)], rows);
}

export interface GoalLine {
  goal: string;
  value: string;
  met: boolean;
}

/**
 * The issue's goals as ratios to the same operation alone in the same run: Save Draft and chat p99 under the crowd
 * within 10× of the operation's p50 alone (the issue's own "alone" column), hub delivery p99 under 250 ms, memory flat
 * (the last crowd phase's RSS within 10 % of the first's).
 */
export function goalLines(phases: PhaseRecord[]): GoalLine[] {
  const crowd = phases.filter((p) => p.kind === 'crowd');
  const alone = phases.filter((p) => p.kind === 'alone');
  const lines: GoalLine[] = [];
  for (const op of ['Save Draft', 'chat message'] as const) {
    const under = percentile(all(crowd, op), 99);
    const by = percentile(all(alone, op), 50);
    const ratio = under / by;
    lines.push({
      goal: `${op}: p99 under the crowd ≤ 10× its p50 alone`,
      value: `${fmt(under)} vs ${fmt(by)} alone (p99 alone ${fmt(percentile(all(alone, op), 99))}): ${ratio.toFixed(1)}×`,
      met: ratio <= 10,
    });
  }
  const delivery = percentile(
    crowd.flatMap((p) => p.deliveries),
    99,
  );
  const deliveryAlone = percentile(
    alone.flatMap((p) => p.deliveries),
    50,
  );
  lines.push({ goal: 'hub delivery p99 under the crowd < 250 ms', value: `${fmt(delivery)} (p50 alone ${fmt(deliveryAlone)})`, met: delivery < 250 });
  const ends = crowd.map((p) => p.rss.at(-1) ?? Number.NaN);
  if (ends.length > 1) {
    const growth = ends.at(-1)! / ends[0]! - 1;
    lines.push({
      goal: 'memory flat between crowd phases (RSS at the end of the last within 10 % of the first)',
      value: `${ends.map((r) => (r / MB).toFixed(0)).join(' → ')} MB (${(growth * 100).toFixed(1)} %)`,
      met: growth <= 0.1,
    });
  }
  const failed = crowd.reduce((sum, p) => sum + [...p.failures.values()].reduce((a, b) => a + b, 0), 0);
  const total = crowd.reduce((sum, p) => sum + p.requests, 0);
  lines.push({ goal: 'no failed request under the crowd', value: `${failed} of ${total}`, met: failed === 0 });
  return lines;
}

export const goalTable = (lines: GoalLine[]) =>
  table(
    ['goal', 'this run', 'met'],
    lines.map((l) => [l.goal, l.value, l.met ? 'yes' : '**no**']),
  );
