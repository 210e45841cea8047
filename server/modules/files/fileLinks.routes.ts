import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FileAccessLogDto } from '../../../contract/files';
import { permission } from '../../../contract/permissions';
import { accessibleFileDtoSchema, fileAccessLogDtoSchema, fileLinkDtoSchema, fileLinkViewDtoSchema } from '../../../contract/schemas/files.dto';
import { accessibleFileSearchSchema, fileAccessLogSearchSchema, fileContentQuerySchema, fileLinkViewQuerySchema } from '../../../contract/schemas/fileAccess';
import type { AppContext } from '../../context';
import { streamCsv, type CsvColumn } from '../../core/csv';
import { send } from '../../core/envelope';
import { languageOf, translate } from '../../core/i18n';
import { requirePrincipal } from '../../core/guard';
import { answers, idParams, routeDocs } from '../../core/openapi/routeDocs';
import { searchOfExportQuery, validateSearch } from '../../core/search';
import { validate } from '../../core/validation';
import { sendStoredFile } from '../../files/sendStoredFile';
import { searchAccessibleFiles } from './accessibleFiles';
import type { AccessClient } from './fileAccessCounting';
import { exportFileAccessLog, searchFileAccessLog } from './fileAccessLog';
import { contentPolicyOf } from './fileContentPolicy';
import { createFileLinkService } from './fileLinks.service';

const VIEW = permission('AccessibleFile', 'View');
const ADMIN_VIEW = permission('AccessibleFile', 'AdminView');

/** The access log's CSV columns, headed in the caller's language. */
const logCsvColumns = (request: FastifyRequest): CsvColumn<FileAccessLogDto>[] => {
  const header = (key: string) => translate(languageOf(request), `filesApi.csv.${key}`);
  return [
    { header: header('fileName'), value: (row) => row.fileName },
    { header: header('kind'), value: (row) => row.kind },
    { header: header('user'), value: (row) => row.userName },
    { header: header('partner'), value: (row) => row.partnerName },
    { header: header('grant'), value: (row) => row.grantId },
    { header: header('address'), value: (row) => row.address },
    { header: header('client'), value: (row) => row.client },
    { header: header('at'), value: (row) => row.at },
  ];
};

const clientOf = (request: FastifyRequest): AccessClient => ({ address: request.ip ?? '', client: String(request.headers['user-agent'] ?? '') });

/** Files: what a user may open, signed links, the file page's calls, the access log (DESIGN.md "Files"). */
export const fileLinkRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const links = createFileLinkService(ctx);
  const store = ctx.files.area('files');
  const tags = ['Files'];

  app.post(
    '/files/accessible/search',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: "The signed-in user's files: open now (include=current) or whose access ended (include=ended)",
        ...routeDocs({ body: accessibleFileSearchSchema, response: { 200: answers.pageOf(accessibleFileDtoSchema) } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const search = await validateSearch(accessibleFileSearchSchema, request.body ?? {});
      return send(request, reply, await searchAccessibleFiles(ctx.db, principal, search, new Date()));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/files/:id/links',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'A signed link to a file the signed-in user may open now, valid 15 minutes (else 404)',
        ...routeDocs({ params: idParams, response: { 201: fileLinkDtoSchema } }),
      },
    },
    async (request, reply) => send(request, reply, await links.mint(requirePrincipal(request), request.params.id), { statusCode: 201 }),
  );

  app.get(
    '/file-links/view',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The file page of a signed link (its user only); counts the opening's visit once. 404/410 name the refusal",
        ...routeDocs({ querystring: fileLinkViewQuerySchema, response: { 200: fileLinkViewDtoSchema } }),
      },
    },
    async (request, reply) => {
      const { token } = await validate(fileLinkViewQuerySchema, request.query);
      return send(request, reply, await links.view(requirePrincipal(request), token, clientOf(request)));
    },
  );

  app.get(
    '/file-links/content',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "An opening's content (the ticket is the credential): inline, or an attachment counted once. Range requests are answered",
        ...routeDocs({
          querystring: fileContentQuerySchema,
          response: { 200: answers.file('The file under its stored type'), 206: answers.file('A range of it') },
        }),
      },
    },
    async (request, reply) => {
      const { ticket, disposition } = await validate(fileContentQuerySchema, request.query);
      const file = await links.content(ticket, disposition, clientOf(request), new Date(), { counts: request.method !== 'HEAD' });
      const policy = contentPolicyOf(file.contentType, disposition);
      return sendStoredFile(request, reply, store, file, 'filesApi.fileNotFound', {
        disposition,
        contentSecurityPolicy: policy.contentSecurityPolicy,
        frameableBySelf: policy.frameableBySelf,
      });
    },
  );

  app.post(
    '/file-access-log/search',
    {
      config: { access: ADMIN_VIEW },
      schema: {
        tags,
        summary: 'The access log: who opened or downloaded which file, when, through which grant, from where (newest first)',
        ...routeDocs({ body: fileAccessLogSearchSchema, response: { 200: answers.pageOf(fileAccessLogDtoSchema) } }),
      },
    },
    async (request, reply) => send(request, reply, await searchFileAccessLog(ctx.db, await validateSearch(fileAccessLogSearchSchema, request.body ?? {}))),
  );

  app.get<{ Querystring: Record<string, string | string[]> }>(
    '/file-access-log/export',
    {
      config: { access: ADMIN_VIEW },
      schema: {
        tags,
        summary: 'The access log as CSV (the search filters as query parameters), headed in the caller language',
        ...routeDocs({ querystring: fileAccessLogSearchSchema, response: { 200: answers.csv } }),
      },
    },
    async (request, reply) => {
      const search = await validateSearch(fileAccessLogSearchSchema, searchOfExportQuery(request.query));
      const { total, batches } = await exportFileAccessLog(ctx.db, search);
      return streamCsv(reply, 'file-access-log.csv', logCsvColumns(request), total, batches);
    },
  );
};
