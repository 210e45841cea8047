import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export interface CsvColumn<T> {
  header: string;
  value(item: T): unknown;
}

/** RFC 4180 quoting, and a leading quote on values a spreadsheet would run as a formula (plain numbers pass). */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-][\d\s().-]*$/.test(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = <T>(columns: CsvColumn<T>[], item: T) => `${columns.map((c) => csvCell(c.value(item))).join(',')}\r\n`;

/**
 * Streams batches as CSV: one batch in memory at a time, whatever the row count. `total` goes in a header
 * so the browser can show progress.
 */
export function streamCsv<T>(reply: FastifyReply, fileName: string, columns: CsvColumn<T>[], total: number, batches: AsyncIterable<T[]>) {
  async function* lines() {
    yield `\uFEFF${columns.map((c) => csvCell(c.header)).join(',')}\r\n`;
    for await (const batch of batches) yield batch.map((item) => csvLine(columns, item)).join('');
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-total-count', String(total))
    .send(Readable.from(lines()));
}
