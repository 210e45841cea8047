import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { writeAudit } from '../../core/audit';

/** The audit trail's table name of impersonation rows; their key is the impersonated user. */
export const IMPERSONATION_AUDIT_TABLE = 'impersonation';

/** The longest request line kept (a search's query string may be long). */
const REQUEST_LINE_MAX = 300;

/**
 * Every request made with an impersonation's access token leaves one audit row naming both users (issue 26,
 * point 5): its method and path, the status it is answered with (a refused one too), who acted and for whom.
 * Written as the answer goes out, so no answer reaches the impersonator before its row is kept; one insert, and
 * only for impersonated requests. A failed write is logged and the answer still goes.
 */
export function registerImpersonationTrail(app: FastifyInstance, db: Db) {
  app.addHook('onSend', async (request, reply, payload) => {
    const { impersonator, principal } = request;
    if (!impersonator || !principal) return payload;
    try {
      await writeAudit(db, {
        userId: impersonator.sub,
        type: 'Request',
        table: IMPERSONATION_AUDIT_TABLE,
        key: principal.id,
        after: {
          request: `${request.method} ${request.url}`.slice(0, REQUEST_LINE_MAX),
          status: reply.statusCode,
          impersonator: impersonator.fullName,
          impersonatorId: impersonator.sub,
          impersonated: `${principal.fullName} <${principal.email}>`,
          impersonatedId: principal.id,
        },
      });
    } catch (error) {
      request.log.error({ err: error }, 'impersonated request not audited');
    }
    return payload;
  });
}
