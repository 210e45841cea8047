import type { FastifyPluginAsync } from 'fastify';
import * as yup from 'yup';
import { permission } from '../../../contract/permissions';
import {
  answerFileSchema,
  assignPartnerFormsResultSchema,
  partnerFormDtoSchema,
  partnerFormMigrationResultSchema,
  partnerFormReviewRoundDtoSchema,
  partnerFormSectionDtoSchema,
  versionChangesDtoSchema,
} from '../../../contract/schemas/partnerForms.dto';
import {
  ANSWERS_BODY_BYTES_MAX,
  assignPartnerFormsSchema,
  COMMENTS_BODY_BYTES_MAX,
  migratePartnerFormsSchema,
  partnerFormFileSchema,
  partnerFormNoteSchema,
  partnerFormSearchSchema,
  reopenPartnerFormSchema,
  reviewPartnerFormSchema,
  saveAnswersSchema,
  submitPartnerFormSchema,
} from '../../../contract/schemas/partnerForms';
import type { AppContext } from '../../context';
import { streamCsv } from '../../core/csv';
import { send } from '../../core/envelope';
import { languageOf } from '../../core/i18n';
import { requirePrincipal } from '../../core/guard';
import { answers, idParams, routeDocs } from '../../core/openapi/routeDocs';
import { ifMatchOf, withEtag } from '../../core/recordVersion';
import { searchOfExportQuery, validateSearch } from '../../core/search';
import { validate } from '../../core/validation';
import { sendStoredFile } from '../../files/sendStoredFile';
import { registerMultipart, withUploadForm } from '../../files/uploadForm';
import { csvHeaderModeOf, CSV_HEADER_MODES, partnerFormCsvColumns, exportedQuestionsOf } from './partnerFormCsv';
import { PARTNER_FORM_UPLOADS } from './partnerFormFiles';
import { partnerFormPdfRoute } from './partnerFormPdf.routes';
import { createPartnerFormService } from './partnerForms.service';

type IdParams = { Params: { id: string } };
type SectionParams = { Params: { id: string; sectionKey: string } };
type FileParams = { Params: { id: string; fileId: string } };

const sectionParams = idParams.shape({ sectionKey: yup.string().required() });
const fileParams = idParams.shape({ fileId: idParams.fields.id });
const onePartnerForm = { params: idParams, response: { 200: partnerFormDtoSchema } };

/**
 * Partner forms (DESIGN.md "Forms"): staff assign Ready versions to partners, read, lock, unlock, reopen with
 * comments, export and migrate; a partner's users fill theirs in section by section and submit. Partner isolation
 * answers 404; changes are audited and announced on the hub after they commit.
 */
export const partnerFormRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createPartnerFormService(ctx);
  await registerMultipart(app);
  const tags = ['Partner forms'];

  app.post(
    '/partner-forms/search',
    {
      config: { access: permission('PartnerForm', 'Search') },
      schema: {
        tags,
        summary: 'Search partner forms (paged; status, partnerId, formId, definitionId, keyword on form and partner names)',
        ...routeDocs({ body: partnerFormSearchSchema, response: { 200: answers.pageOf(partnerFormDtoSchema) } }),
      },
    },
    async (request, reply) =>
      send(request, reply, await service.search(requirePrincipal(request), await validateSearch(partnerFormSearchSchema, request.body ?? {}))),
  );

  app.get<{ Querystring: Record<string, string | string[]> }>(
    '/partner-forms/export',
    {
      config: { access: permission('PartnerForm', 'Export') },
      schema: {
        tags,
        summary:
          'Partner forms of one form (definitionId or formId) as CSV: one row each, one column per question headed by its text ' +
          '(headers=keys: by its key), file answers as links to the app page that opens them',
        ...routeDocs({ querystring: partnerFormSearchSchema.shape({ headers: yup.string().oneOf(CSV_HEADER_MODES) }), response: { 200: answers.csv } }),
      },
    },
    async (request, reply) => {
      const { mode, search } = csvHeaderModeOf(request.query);
      const input = await validateSearch(partnerFormSearchSchema, searchOfExportQuery(search));
      const { total, questionKeys, batches } = await service.exportRows(requirePrincipal(request), input);
      const columns = partnerFormCsvColumns({
        questionKeys,
        questions: await exportedQuestionsOf(ctx.db, input),
        mode,
        language: languageOf(request),
        publicUrl: ctx.config.publicUrl,
      });
      return streamCsv(reply, 'partner-forms.csv', columns, total, batches);
    },
  );

  app.post(
    '/partner-forms/assign',
    {
      config: { access: permission('PartnerForm', 'Create') },
      schema: {
        tags,
        summary: 'Assign a Ready form to partners (staff with AdminView); partners holding it open are skipped',
        ...routeDocs({ body: assignPartnerFormsSchema, response: { 201: assignPartnerFormsResultSchema } }),
      },
    },
    async (request, reply) => {
      const result = await service.assign(requirePrincipal(request), await validate(assignPartnerFormsSchema, request.body));
      return send(request, reply, result, { statusCode: 201, message: 'partnerFormsApi.assigned' });
    },
  );

  app.post(
    '/partner-forms/migrate',
    {
      config: { access: permission('PartnerForm', 'AdminUpdate') },
      schema: {
        tags,
        summary: 'Move partner forms on an older version: migrate the draft, keep the old version, or reopen on the new one',
        ...routeDocs({ body: migratePartnerFormsSchema, response: { 200: answers.listOf(partnerFormMigrationResultSchema) } }),
      },
    },
    async (request, reply) =>
      send(request, reply, await service.migrate(requirePrincipal(request), await validate(migratePartnerFormsSchema, request.body)), {
        message: 'partnerFormsApi.migrated',
      }),
  );

  app.get<IdParams>(
    '/partner-forms/:id',
    {
      config: { access: permission('PartnerForm', 'View') },
      schema: { tags, summary: 'One partner form with the sections of its version', ...routeDocs(onePartnerForm) },
    },
    async (request, reply) => {
      const partnerForm = await service.get(requirePrincipal(request), request.params.id);
      withEtag(reply, partnerForm.version!);
      return send(request, reply, partnerForm);
    },
  );

  partnerFormPdfRoute(app, ctx, tags);

  app.get<SectionParams>(
    '/partner-forms/:id/sections/:sectionKey',
    {
      config: { access: permission('PartnerForm', 'View') },
      schema: {
        tags,
        summary: "One section with its questions, every answer and staff's comments, and each section's completeness",
        ...routeDocs({ params: sectionParams, response: { 200: partnerFormSectionDtoSchema } }),
      },
    },
    async (request, reply) => send(request, reply, await service.section(requirePrincipal(request), request.params.id, request.params.sectionKey)),
  );

  app.put<SectionParams>(
    '/partner-forms/:id/sections/:sectionKey',
    {
      config: { access: permission('PartnerForm', 'Update') },
      bodyLimit: ANSWERS_BODY_BYTES_MAX,
      schema: {
        tags,
        summary: 'Save Draft: answers merged by question key (null clears); invalid answers are kept, wrong types refused',
        ...routeDocs({ params: sectionParams, body: saveAnswersSchema, response: { 200: partnerFormSectionDtoSchema } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { answers: given } = await validate(saveAnswersSchema, request.body);
      const section = await service.saveDraft(principal, request.params.id, request.params.sectionKey, given, request.ip);
      return send(request, reply, section, { message: 'partnerFormsApi.saved' });
    },
  );

  app.post<IdParams>(
    '/partner-forms/:id/submit',
    {
      config: { access: permission('PartnerForm', 'Update') },
      bodyLimit: ANSWERS_BODY_BYTES_MAX,
      schema: {
        tags,
        summary: 'Submit: every section validated; any error refuses it (400 per question) and nothing is saved',
        ...routeDocs({ params: idParams, body: submitPartnerFormSchema, response: { 200: partnerFormDtoSchema } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { answers: given } = await validate(submitPartnerFormSchema, request.body ?? {});
      const saved = await service.submit(principal, request.params.id, given, request.ip);
      return send(request, reply, await service.get(principal, saved.id), { message: 'partnerFormsApi.submitted' });
    },
  );

  const statusRoute = (action: 'lock' | 'unlock', message: string, summary: string) =>
    app.post<IdParams>(
      `/partner-forms/:id/${action}`,
      {
        config: { access: permission('PartnerForm', 'AdminUpdate') },
        schema: { tags, summary, ...routeDocs({ ...onePartnerForm, body: partnerFormNoteSchema, headers: ['ifMatch'] }) },
      },
      async (request, reply) => {
        const { note } = await validate(partnerFormNoteSchema, request.body ?? {});
        return send(request, reply, await service[action](requirePrincipal(request), request.params.id, note, ifMatchOf(request)), { message });
      },
    );
  statusRoute('lock', 'partnerFormsApi.locked', 'Lock an OPEN partner form (a note given replaces its note)');
  statusRoute('unlock', 'partnerFormsApi.unlocked', 'Unlock a LOCKED partner form (its lock note is cleared; a note given becomes the note)');

  app.post<IdParams>(
    '/partner-forms/:id/reopen',
    {
      config: { access: permission('PartnerForm', 'AdminUpdate') },
      bodyLimit: COMMENTS_BODY_BYTES_MAX,
      schema: {
        tags,
        summary: 'Reopen a SUBMITTED or LOCKED partner form with a note and comments by question key',
        ...routeDocs({ ...onePartnerForm, body: reopenPartnerFormSchema, headers: ['ifMatch'] }),
      },
    },
    async (request, reply) => {
      const input = await validate(reopenPartnerFormSchema, request.body ?? {});
      return send(request, reply, await service.reopen(requirePrincipal(request), request.params.id, input, ifMatchOf(request)), {
        message: 'partnerFormsApi.reopened',
      });
    },
  );

  app.post<IdParams>(
    '/partner-forms/:id/review',
    {
      config: { access: permission('PartnerForm', 'AdminUpdate') },
      bodyLimit: COMMENTS_BODY_BYTES_MAX,
      schema: {
        tags,
        summary:
          'Review a SUBMITTED partner form: accept it, or return it for changes with flagged questions (each with a comment; only those ' +
          'take answers until it is submitted again); a new round keeps each decision with the version and the answers',
        ...routeDocs({ ...onePartnerForm, body: reviewPartnerFormSchema, headers: ['ifMatch'] }),
      },
    },
    async (request, reply) => {
      const input = await validate(reviewPartnerFormSchema, request.body ?? {});
      return send(request, reply, await service.review(requirePrincipal(request), request.params.id, input, ifMatchOf(request)), {
        message: input.outcome === 'return' ? 'partnerFormsApi.review.returned' : 'partnerFormsApi.review.accepted',
      });
    },
  );

  app.get<IdParams>(
    '/partner-forms/:id/reviews',
    {
      config: { access: permission('PartnerForm', 'AdminUpdate') },
      schema: {
        tags,
        summary: "A partner form's review rounds, newest first: who decided what per question, the note, and what the partner changed after",
        ...routeDocs({ params: idParams, response: { 200: answers.listOf(partnerFormReviewRoundDtoSchema) } }),
      },
    },
    async (request, reply) => send(request, reply, await service.rounds(requirePrincipal(request), request.params.id)),
  );

  app.get<IdParams>(
    '/partner-forms/:id/version-changes',
    {
      config: { access: permission('PartnerForm', 'View') },
      schema: {
        tags,
        summary: "What the definition's Ready version changes for this partner form (added required, removed, changed rules and types)",
        ...routeDocs({ params: idParams, response: { 200: versionChangesDtoSchema } }),
      },
    },
    async (request, reply) => send(request, reply, await service.changes(requirePrincipal(request), request.params.id)),
  );

  app.post<IdParams>(
    '/partner-forms/:id/files',
    {
      config: { access: permission('PartnerForm', 'Update') },
      schema: {
        tags,
        summary: 'Upload one file for a file or files question (multipart: questionKey and the file; at most 10 MB)',
        ...routeDocs({ params: idParams, body: partnerFormFileSchema, multipart: true, response: { 201: answerFileSchema } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      await service.assertAcceptsFiles(principal, request.params.id);
      return withUploadForm(request, reply, service.files, PARTNER_FORM_UPLOADS, async (body, uploads) => {
        const { questionKey } = await validate(partnerFormFileSchema, body ?? {});
        const file = await service.upload(principal, request.params.id, questionKey, uploads);
        return send(request, reply, file, { statusCode: 201, message: 'partnerFormsApi.uploaded' });
      });
    },
  );

  app.get<FileParams>(
    '/partner-forms/:id/files/:fileId',
    {
      config: { access: permission('PartnerForm', 'View') },
      schema: {
        tags,
        summary: 'Download a file answering a question of the partner form',
        ...routeDocs({ params: fileParams, response: { 200: answers.file('The file, under its stored type; Range requests are answered') } }),
      },
    },
    async (request, reply) =>
      sendStoredFile(
        request,
        reply,
        service.files,
        await service.file(requirePrincipal(request), request.params.id, request.params.fileId),
        'partnerFormsApi.fileNotFound',
      ),
  );
};
