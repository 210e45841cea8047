import type { FastifyPluginAsync } from 'fastify';
import * as yup from 'yup';
import { permission } from '../../../contract/permissions';
import { impersonationSchema } from '../../../contract/schemas/impersonation';
import { tokenResponseSchema } from '../../../contract/schemas/users.dto';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { requirePrincipal } from '../../core/guard';
import { answers, idParams, routeDocs } from '../../core/openapi/routeDocs';
import { validate } from '../../core/validation';
import { signInIdOf, signInMetaOf } from '../accounts/session';
import { createImpersonationService } from './impersonation.service';

const impersonationTokensSchema = tokenResponseSchema.concat(yup.object({ endsAt: yup.string().datetime().defined() }));

/** POST /users/{id}/impersonate and POST /token/impersonation/end ("return to my account"). */
export const impersonationRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createImpersonationService(ctx);
  const tags = ['Impersonation'];

  app.post<{ Params: { id: string } }>(
    '/users/:id/impersonate',
    {
      // Starting another impersonation while impersonating is a credentials change like the others: refused.
      config: { access: permission('Users', 'Impersonate'), credentials: true },
      schema: {
        tags,
        summary:
          'Sign in as a lower-ranked active user for support, with a reason and a limit of 1 to 30 minutes: the tokens name the impersonator (act), the user is notified',
        ...routeDocs({ params: idParams, body: impersonationSchema, response: { 200: impersonationTokensSchema } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const input = await validate(impersonationSchema, request.body);
      const tokens = await service.start(principal, request.params.id, input, signInMetaOf(request, 'impersonation'));
      return send(request, reply, tokens, { message: 'impersonation.started' });
    },
  );

  app.post(
    '/token/impersonation/end',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "Return to my account: ends the impersonation's sign-in (409 when the token is not an impersonation's)",
        ...routeDocs({ response: { 200: answers.none } }),
      },
    },
    async (request, reply) => {
      await service.end(requirePrincipal(request), request.impersonator, signInIdOf(request));
      return send(request, reply, null, { message: 'impersonation.ended' });
    },
  );
};
