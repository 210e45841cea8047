import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import { permission } from '../../../contract/permissions';
import { managedFileDtoSchema } from '../../../contract/schemas/files.dto';
import { managedFileSearchSchema } from '../../../contract/schemas/fileManager';
import { managedFileSchema } from '../../../contract/schemas/files';
import type { AppContext } from '../../context';
import { streamCsv, type CsvColumn } from '../../core/csv';
import { send } from '../../core/envelope';
import { requirePrincipal } from '../../core/guard';
import { answers, idParams, routeDocs } from '../../core/openapi/routeDocs';
import { ifMatchOf, withEtag } from '../../core/recordVersion';
import { searchOfExportQuery, validateSearch } from '../../core/search';
import { validate } from '../../core/validation';
import { sendStoredFile } from '../../files/sendStoredFile';
import { registerMultipart, withUploadForm } from '../../files/uploadForm';
import { MANAGED_REPLACEMENT, MANAGED_UPLOADS } from './managedFileUploads';
import { createManagedFileService, type ManagedFileCsvRow } from './managedFiles.service';

type IdParams = { Params: { id: string } };

const ADMIN_VIEW = permission('AccessibleFile', 'AdminView');
const oneFile = { params: idParams, response: { 200: managedFileDtoSchema } };
/** The file parts are the whole form (any field name); no text field is read. */
const fileParts = yup.object({});

const FILE_CSV: CsvColumn<ManagedFileCsvRow>[] = [
  { header: 'id', value: (f) => f.id },
  { header: 'fileName', value: (f) => f.fileName },
  { header: 'contentType', value: (f) => f.contentType },
  { header: 'size', value: (f) => f.size },
  { header: 'uploadedByName', value: (f) => f.uploadedByName },
  { header: 'downloadCount', value: (f) => f.downloadCount },
  { header: 'visitCount', value: (f) => f.visitCount },
  { header: 'createdAt', value: (f) => f.createdAt },
  { header: 'replacedAt', value: (f) => f.replacedAt },
];

/** Files: the file manager: upload, list, replace, rename, delete, staff download (helper A). */
export const managedFileRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createManagedFileService(ctx);
  await registerMultipart(app);
  const tags = ['Files'];

  app.post(
    '/files',
    {
      config: { access: permission('AccessibleFile', 'Create') },
      schema: {
        tags,
        summary: 'Upload files to the manager: multipart, 1 to 20 file parts of at most 50 MB, typed by their bytes',
        ...routeDocs({ body: fileParts, multipart: true, response: { 201: answers.listOf(managedFileDtoSchema) } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return withUploadForm(request, reply, service.store, MANAGED_UPLOADS, async (_body, uploads) =>
        send(request, reply, await service.create(principal, uploads), { statusCode: 201, message: 'filesApi.uploaded' }),
      );
    },
  );

  app.post(
    '/files/search',
    {
      config: { access: ADMIN_VIEW },
      schema: {
        tags,
        summary: 'Search the file manager (paged; keyword, ids)',
        ...routeDocs({ body: managedFileSearchSchema, response: { 200: answers.pageOf(managedFileDtoSchema) } }),
      },
    },
    async (request, reply) => send(request, reply, await service.search(await validateSearch(managedFileSearchSchema, request.body ?? {}))),
  );

  app.get<{ Querystring: Record<string, string | string[]> }>(
    '/files/export',
    {
      config: { access: ADMIN_VIEW },
      schema: {
        tags,
        summary: 'Every file of a search as CSV (the search filters as query parameters)',
        ...routeDocs({ querystring: managedFileSearchSchema, response: { 200: answers.csv } }),
      },
    },
    async (request, reply) => {
      const { total, batches } = await service.exportRows(await validateSearch(managedFileSearchSchema, searchOfExportQuery(request.query)));
      return streamCsv(reply, 'files.csv', FILE_CSV, total, batches);
    },
  );

  app.get<IdParams>(
    '/files/:id',
    { config: { access: ADMIN_VIEW }, schema: { tags, summary: 'One managed file (ETag: its version; the counts are not part of it)', ...routeDocs(oneFile) } },
    async (request, reply) => {
      const file = await service.get(request.params.id);
      withEtag(reply, file.version!);
      return send(request, reply, file);
    },
  );

  const rename = async (request: FastifyRequest<IdParams>, reply: FastifyReply) => {
    const principal = requirePrincipal(request);
    const ifMatch = ifMatchOf(request);
    const input = await validate(managedFileSchema, request.body);
    return send(request, reply, await service.rename(principal, request.params.id, input, ifMatch), { message: 'filesApi.renamed' });
  };
  const renameOptions = {
    config: { access: permission('AccessibleFile', 'Update') },
    schema: { tags, summary: 'Rename a managed file (If-Match: its version)', ...routeDocs({ ...oneFile, body: managedFileSchema, headers: ['ifMatch'] }) },
  };
  app.put<IdParams>('/files/:id', renameOptions, rename);
  app.patch<IdParams>('/files/:id', renameOptions, rename);

  app.put<IdParams>(
    '/files/:id/content',
    {
      config: { access: permission('AccessibleFile', 'Update') },
      schema: {
        tags,
        summary: "Replace a file's content with exactly one file part; its id, name, grants, counts and log stay",
        ...routeDocs({ ...oneFile, body: fileParts, multipart: true, headers: ['ifMatch'] }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const ifMatch = ifMatchOf(request);
      await service.get(request.params.id);
      return withUploadForm(request, reply, service.store, MANAGED_REPLACEMENT, async (_body, uploads) =>
        send(request, reply, await service.replace(principal, request.params.id, uploads, ifMatch), { message: 'filesApi.replaced' }),
      );
    },
  );

  app.get<IdParams>(
    '/files/:id/content',
    {
      config: { access: ADMIN_VIEW },
      schema: {
        tags,
        summary: 'Download a managed file (staff): logged without a grant, the counts untouched; Range requests are answered',
        ...routeDocs({ params: idParams, response: { 200: answers.file('The file, under its stored type') } }),
      },
    },
    async (request, reply) => {
      // A download resumed by ranges is one download: only a request from the first byte is logged.
      const range = request.headers.range;
      const origin = { address: request.ip ?? '', client: String(request.headers['user-agent'] ?? ''), logged: !range || /^bytes=0-/.test(range) };
      const file = await service.download(requirePrincipal(request), request.params.id, origin);
      return sendStoredFile(request, reply, service.store, file, 'filesApi.fileNotFound');
    },
  );

  app.delete<IdParams>(
    '/files/:id',
    {
      config: { access: permission('AccessibleFile', 'Delete') },
      schema: {
        tags,
        summary: 'Delete a managed file: its grants are revoked, its links die, its bytes go',
        ...routeDocs({ params: idParams, response: { 200: answers.none } }),
      },
    },
    async (request, reply) => {
      await service.remove(requirePrincipal(request), request.params.id);
      return send(request, reply, null, { message: 'filesApi.deleted' });
    },
  );
};
