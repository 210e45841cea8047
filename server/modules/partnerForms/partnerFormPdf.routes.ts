import type { FastifyInstance } from 'fastify';
import { permission } from '../../../contract/permissions';
import type { AppContext } from '../../context';
import { requirePrincipal } from '../../core/guard';
import { languageOf } from '../../core/i18n';
import { idParams, routeDocs, type RawAnswer } from '../../core/openapi/routeDocs';
import { contentDisposition } from '../../files/sendStoredFile';
import { loadPartnerFormDocument, partnerFormPdf, partnerFormPdfName } from './partnerFormPdf';

const pdfAnswer: RawAnswer = {
  description: "The partner form as a PDF in the reader's language (client-language), as an attachment named after the form and partner",
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
};

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
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(partnerFormPdfName(document.partnerForm)))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(partnerFormPdf(document, languageOf(request)));
    },
  );
}
