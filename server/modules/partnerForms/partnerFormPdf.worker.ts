// The PDF worker thread (partnerFormPdf.ts starts it): lays partner forms out and streams their bytes to the reader's side.
import type { MessagePort } from 'node:worker_threads';
import { serveTasks } from '../../core/workerTasks';
import type { PdfReaderMessage, PdfWorkerInput, PdfWorkerMessage } from './partnerFormPdf';
import { documentFromText } from './partnerFormPdfDocument';
import { layOutPartnerFormPdf } from './partnerFormPdfLayout';

function streamPdf({ document, language }: PdfWorkerInput, port: MessagePort) {
  const send = (message: PdfWorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  let made: Buffer[] = [];
  let paused = false;
  let resume: (() => void) | undefined;
  let stopped = false;

  /** What was made since the last turn goes to the reader as one message. */
  const flush = () => {
    if (!made.length) return;
    const bytes = new Uint8Array(Buffer.concat(made));
    made = [];
    send({ type: 'data', bytes }, [bytes.buffer]);
  };
  const nextTurn = async () => {
    flush();
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (paused && !stopped) await new Promise<void>((resolve) => (resume = resolve));
  };

  const doc = layOutPartnerFormPdf(documentFromText(document), language, nextTurn);
  const stop = () => {
    stopped = true;
    resume?.();
    doc.destroy();
  };
  port.on('message', (message: PdfReaderMessage) => {
    if (message.type === 'cancel') return stop();
    paused = message.type === 'pause';
    if (!paused) resume?.();
  });
  port.once('close', stop);
  doc.on('data', (chunk: Buffer) => made.push(chunk));
  doc.once('end', () => {
    flush();
    send({ type: 'end' });
    port.close();
  });
  doc.once('error', (error) => {
    if (stopped) return;
    send({ error: error.message });
    port.close();
  });
}

serveTasks({ partnerFormPdf: streamPdf });
