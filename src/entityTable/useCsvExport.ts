import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { isAbortError, saveFile } from '../providers/http';
import type { ExportProgress, ExportSearch } from './csvExport';

/** An export shows its progress only when it takes longer than this: a short one just downloads. */
const SHOW_PROGRESS_AFTER_MS = 300;

export interface CsvExportState {
  running: boolean;
  /** Whether the progress should be on screen (a long export). */
  showProgress: boolean;
  progress: ExportProgress;
}

const idle: CsvExportState = { running: false, showProgress: false, progress: { rows: 0, total: null } };

/** Runs one export at a time: streams it, reports progress, saves the file, and can be cancelled. */
export function useCsvExport(resource: string) {
  const notify = useNotify();
  const [state, setState] = useState<CsvExportState>(idle);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (search: ExportSearch) => {
      if (controller.current) return;
      const current = new AbortController();
      controller.current = current;
      setState({ ...idle, running: true });
      const timer = setTimeout(() => setState((s) => (s.running ? { ...s, showProgress: true } : s)), SHOW_PROGRESS_AFTER_MS);
      try {
        // Fetched on the first export: a list's first paint does not need it.
        const { downloadCsv } = await import('./csvExport');
        const { blob, fileName, rows } = await downloadCsv(resource, search, {
          signal: current.signal,
          onProgress: (progress) => setState((s) => ({ ...s, progress })),
        });
        saveFile(blob, fileName);
        notify('admin.export.done', { type: 'success', messageArgs: { smart_count: rows } });
      } catch (error) {
        if (!isAbortError(error)) notify(error instanceof Error ? error.message : 'admin.export.failed', { type: 'error' });
      } finally {
        clearTimeout(timer);
        controller.current = null;
        setState(idle);
      }
    },
    [resource, notify],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { ...state, start, cancel };
}
