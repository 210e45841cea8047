import type { FastifyInstance } from 'fastify';
import { permission } from '../../../contract/permissions';
import type { AppContext } from '../../context';
import { requirePrincipal } from '../../core/guard';
import { languageOf } from '../../core/i18n';
import { idParams, routeDocs, type RawAnswer } from '../../core/openapi/routeDocs';
import { busy } from '../../core/errors';
import { createWorkQueue, WorkQueueFullError } from '../../core/workQueue';
import { contentDisposition } from '../../files/sendStoredFile';
import { loadPartnerFormDocument, partnerFormPdf, partnerFormPdfName } from './partnerFormPdf';

const pdfAnswer: RawAnswer = {
  description: "The partner form as a PDF in the reader's language (client-language), as an attachment named after the form and partner",
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
};

/**
 * PDFs laid out at once by this instance, and how many may wait: the largest allowed form takes seconds of CPU
 * (bench:pdf), so a burst of them queues here, and beyond the queue is refused at once (503, Retry-After) rather
 * than slowing every other request.
 */
const PDF_CONCURRENCY = 2;
const PDF_MOST_WAITING = 8;
export const pdfQueue = createWorkQueue({ concurrency: PDF_CONCURRENCY, maxWaiting: PDF_MOST_WAITING });

/** Waits for a turn to lay out a PDF; the function it gives back ends the turn (once, whichever ending calls it). */
async function pdfSlot(): Promise<() => void> {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  await new Promise<void>((started, refused) => {
    pdfQueue
      .run(() => {
        started();
        return ended;
      })
      .catch((error: unknown) => refused(error instanceof WorkQueueFullError ? busy('partnerFormsApi.pdf.busy', PDF_MOST_WAITING) : error));
  });
  return end;
}

/**
 * GET /partner-forms/{id}/pdf: a submission as a document, for staff who read partner forms and for the partner's
 * own users (another partner's form is 404, as its JSON route). Streamed as it is laid out.
 */
export function partnerFormPdfRoute(app: FastifyInstance, ctx: Pick<AppContext, 'db'>, tags: string[]) {
  app.get<{ Params: { id: string } }>(
    '/partner-forms/:id/pdf',
    {
      config: { access: permission('PartnerForm', 'View') },
      schema: {
        tags,
        summary: "The partner form as a PDF: its facts, every section's questions with the answers as read and staff's comments",
        ...routeDocs({ params: idParams, response: { 200: pdfAnswer } }),
      },
    },
    async (request, reply) => {
      const document = await loadPartnerFormDocument(ctx.db, requirePrincipal(request), request.params.id);
      const release = await pdfSlot();
      const pdf = partnerFormPdf(document, languageOf(request));
      pdf.once('close', release).once('end', release).once('error', release);
      reply.raw.once('close', release);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(partnerFormPdfName(document.partnerForm)))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
}
