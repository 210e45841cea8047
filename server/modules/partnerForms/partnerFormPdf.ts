import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { PartnerFormDto } from '../../../contract/forms';
import type { Language } from '../../../contract/http';
import type { Db } from '../../db/client';
import { partnerForms } from '../../db/schema';
import { notFound } from '../../core/errors';
import { createWorkerPool } from '../../core/workerPool';
import type { Principal } from '../../core/guard';
import { formVersions } from '../formDefinitions/formDefinitions.schema';
import { NOT_FOUND, visiblePartnerForm } from './partnerFormAccess';
import { selectPartnerFormDto } from './partnerFormDtos';
import type { PartnerFormDocumentText } from './partnerFormPdfDocument';

/** A partner form within the principal's reach (else 404, as its JSON route), with what its document shows. */
export async function loadPartnerFormDocument(db: Db, principal: Principal, id: string): Promise<PartnerFormDocumentText> {
  const [row] = await db
    .select({
      id: partnerForms.id,
      answers: sql<string>`${partnerForms.answers}::text`,
      comments: sql<string>`${partnerForms.comments}::text`,
      sections: sql<
        string | null
      >`(select ${formVersions.sections}::text from ${formVersions} where ${formVersions.id} = ${partnerForms.formId} and ${formVersions.deletedAt} is null)`,
    })
    .from(partnerForms)
    .where(visiblePartnerForm(principal, id));
  const partnerForm = row?.sections != null ? await selectPartnerFormDto(db, row.id) : null;
  if (!row || row.sections == null || !partnerForm) throw notFound(NOT_FOUND);
  return { partnerForm, sections: row.sections, answers: row.answers, comments: row.comments };
}

/** The document's file name: form and partner, without characters a file system refuses (the header makes it safe further). */
export const partnerFormPdfName = ({ formName, partnerName }: Pick<PartnerFormDto, 'formName' | 'partnerName'>) =>
  `${`${formName} - ${partnerName}`.replace(/[\\/:*?"<>|]+/g, '_').slice(0, 150)}.pdf`;

/** What the PDF worker (partnerFormPdf.worker.ts) sends on a session's port: bytes as they are made, then the end or an error. */
export type PdfWorkerMessage = { type: 'data'; bytes: Uint8Array } | { type: 'end' } | { error: string };
/** What the reader's side sends: pause while it is behind, resume, or cancel (the reader went away). */
export type PdfReaderMessage = { type: 'pause' | 'resume' | 'cancel' };
export interface PdfWorkerInput {
  document: PartnerFormDocumentText;
  language: Language;
}

/** Laying a large form out takes seconds of CPU (bench:pdf): it runs in worker threads, so other requests never wait for it. */
export const pdfWorkers = createWorkerPool({ source: new URL('./partnerFormPdf.worker.ts', import.meta.url) });

/**
 * A partner form as a PDF in the reader's language (partnerFormPdfLayout.ts), laid out in a worker thread and
 * streamed as it is made: the worker is paused while the reader is behind and stopped when the stream is destroyed.
 */
export function partnerFormPdf(document: PartnerFormDocumentText, language: Language): Readable {
  const port = pdfWorkers.session('partnerFormPdf', { document, language } satisfies PdfWorkerInput);
  const tell = (message: PdfReaderMessage) => port.postMessage(message);
  let paused = false;
  let done = false;
  const finish = () => {
    done = true;
    port.close();
  };
  const stream = new Readable({
    read() {
      if (!paused) return;
      paused = false;
      tell({ type: 'resume' });
    },
    destroy(error, callback) {
      if (!done) {
        tell({ type: 'cancel' });
        finish();
      }
      callback(error);
    },
  });
  port.on('message', (message: PdfWorkerMessage) => {
    if ('error' in message) {
      finish();
      stream.destroy(new Error(message.error));
    } else if (message.type === 'end') {
      finish();
      stream.push(null);
    } else if (!stream.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength)) && !paused) {
      paused = true;
      tell({ type: 'pause' });
    }
  });
  port.once('close', () => done || (finish(), stream.destroy(new Error('the PDF worker stopped'))));
  return stream;
}
