import type { FastifyPluginAsync } from 'fastify';
import * as yup from 'yup';
import { permission } from '../../../contract/permissions';
import { totpCodeSchema } from '../../../contract/secondFactor';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { forbidden } from '../../core/errors';
import { requirePrincipal } from '../../core/guard';
import { answers, idParams, routeDocs } from '../../core/openapi/routeDocs';
import { validate } from '../../core/validation';
import { mailFromKeys } from '../../mail/mailTemplate';
import { mailLanguagesOf } from '../notificationPreferences/preferences';
import { fullNameOf } from '../accounts/principal';
import { createSecondFactorService } from '../accounts/secondFactors';
import { findUserById } from '../accounts/session';
import { assertOutranks } from './ranks';
import { usersScope } from './staffUsers';
import { createUserService } from './users.service';

const statusSchema = yup.object({
  totp: yup.boolean().required(),
  recoveryCodesLeft: yup.number().integer().required(),
  required: yup.boolean().required(),
  pending: yup.boolean().required(),
});
const enrolmentSchema = yup.object({
  secret: yup.string().required(),
  otpauthUri: yup.string().required(),
  qrCode: yup.string().required().meta({ description: 'data:image/svg+xml;base64,…' }),
});
const recoveryCodesSchema = yup.object({ codes: yup.array(yup.string().required()).required() });

/**
 * The signed-in user's second factor (/account/second-factor…): status, setup with a QR code confirmed by a code,
 * recovery codes, turning it off; and the staff's reset of a user's (/users/:id/second-factor/reset). The reads and
 * the setup stay open to a user who must enrol first (`beforeSecondFactor`); every change is refused while
 * impersonating (`credentials`).
 */
export const secondFactorRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createSecondFactorService(ctx);
  const users = createUserService(ctx);
  const tags = ['Account'];
  const codeBody = { body: totpCodeSchema };

  app.get(
    '/account/second-factor',
    {
      config: { access: 'authenticated', beforeSecondFactor: true },
      schema: {
        tags,
        summary: 'Own second factor: whether it is on, recovery codes left, whether a role requires it',
        ...routeDocs({ response: { 200: statusSchema } }),
      },
    },
    async (request, reply) => send(request, reply, await service.status(requirePrincipal(request).id)),
  );

  app.post(
    '/account/second-factor/enrolment',
    {
      config: { access: 'authenticated', beforeSecondFactor: true, credentials: true },
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: a new secret and its QR code, not on until confirmed (replaces a pending one)',
        ...routeDocs({ response: { 200: enrolmentSchema } }),
      },
    },
    async (request, reply) => send(request, reply, await service.begin(requirePrincipal(request)), { message: 'secondFactor.enrolmentStarted' }),
  );

  app.post(
    '/account/second-factor/confirm',
    {
      config: { access: 'authenticated', beforeSecondFactor: true, credentials: true },
      schema: {
        tags,
        summary: 'Turn the authenticator app on with a code of the new secret; answers the recovery codes, shown this once',
        ...routeDocs({ ...codeBody, response: { 200: recoveryCodesSchema } }),
      },
    },
    async (request, reply) => {
      const { code } = await validate(totpCodeSchema, request.body);
      const codes = await service.confirm(requirePrincipal(request), code);
      return send(request, reply, { codes }, { message: 'secondFactor.enabled' });
    },
  );

  app.post(
    '/account/second-factor/recovery-codes',
    {
      config: { access: 'authenticated', credentials: true },
      schema: {
        tags,
        summary: 'New recovery codes with a current code (the old ones stop working); shown this once',
        ...routeDocs({ ...codeBody, response: { 200: recoveryCodesSchema } }),
      },
    },
    async (request, reply) => {
      const { code } = await validate(totpCodeSchema, request.body);
      const codes = await service.regenerateRecoveryCodes(requirePrincipal(request), code);
      return send(request, reply, { codes }, { message: 'secondFactor.recoveryCodesRegenerated' });
    },
  );

  app.post(
    '/account/second-factor/turn-off',
    {
      config: { access: 'authenticated', credentials: true },
      schema: {
        tags,
        summary: 'Turn the authenticator app off with a current code; refused when a role requires a second factor',
        ...routeDocs({ ...codeBody, response: { 200: answers.none } }),
      },
    },
    async (request, reply) => {
      const { code } = await validate(totpCodeSchema, request.body);
      await service.turnOff(requirePrincipal(request), code);
      return send(request, reply, null, { message: 'secondFactor.disabled' });
    },
  );

  app.post<{ Params: { id: string } }>(
    '/users/:id/second-factor/reset',
    {
      config: { access: permission('Users', 'Update'), credentials: true },
      schema: {
        tags: ['Users'],
        summary: "Reset a user's second factor (authenticator app and recovery codes): audited, the user told by mail; not one's own",
        ...routeDocs({ params: idParams, response: { 200: answers.none } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const target = await users.visibleUser(usersScope(principal), request.params.id);
      if (target.id === principal.id) throw forbidden('users.secondFactorResetSelf');
      await assertOutranks(ctx.db, principal, target.id);
      const reset = await service.reset(principal.id, target);
      if (reset) {
        const user = await findUserById(ctx.db, target.id);
        if (user) {
          await ctx.mailer.send({
            to: user.email,
            ...mailFromKeys(
              await mailLanguagesOf(ctx.db, user.id),
              { subjectKey: 'mail.secondFactorResetSubject', bodyKey: 'mail.secondFactorResetBody' },
              { name: fullNameOf(user), admin: principal.fullName },
            ),
          });
        }
      }
      return send(request, reply, null, { message: reset ? 'users.secondFactorReset' : 'users.noSecondFactor' });
    },
  );
};
