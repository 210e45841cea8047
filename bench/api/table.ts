import os from 'node:os';
import type { Figure } from './types';

const number = (value: number, unit: string) => {
  if (!Number.isFinite(value)) return '–';
  const digits = unit === 'ms' || unit === '%' || Math.abs(value) < 10 ? 1 : 0;
  return `${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${unit}`;
};

/** The figures as a markdown table: figure | value | floor or peer | ratio | goal | met. */
export function figureTable(figures: Figure[]): string {
  const rows = figures.map((f) => [
    f.name,
    number(f.value, f.unit),
    f.floor ? `${f.floor.name}: ${number(f.floor.value, f.floor.unit ?? f.unit)}` : '',
    f.floor && f.floor.value ? `${(f.value / f.floor.value).toFixed(2)}×` : '',
    f.goal ?? '',
    f.met === undefined ? '' : f.met ? 'yes' : '**no**',
  ]);
  const lines = [
    '| figure | value | floor or peer | ratio | goal | met |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((cells) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`),
  ];
  return lines.join('\n');
}

/** The machine, which other work may share: cores, model, memory, load average when the run started. */
export function machineLine(): string {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  return `machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${load} at start; node ${process.version}`;
}
