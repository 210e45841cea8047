import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { ImpersonatorClaim } from '../../../contract/tokens';
import { writeAudit } from '../../core/audit';
import { withoutAccessToken, type Principal } from '../../core/guard';

/** The audit trail's table name of impersonation rows; their key is the impersonated user. */
export const IMPERSONATION_AUDIT_TABLE = 'impersonation';

/** The longest request line kept (a search's query string may be long). */
const REQUEST_LINE_MAX = 300;

/** One thing done while impersonating: a request's method and path (or a hub call), and the status it was answered with. */
export interface ImpersonatedRequest {
  impersonator: ImpersonatorClaim;
  principal: Pick<Principal, 'id' | 'fullName' | 'email'>;
  request: string;
  status: number;
}

/** The audit row of one thing done while impersonating, naming both users (issue 26, point 5). */
export async function auditImpersonatedRequest(db: Db, { impersonator, principal, request, status }: ImpersonatedRequest) {
  await writeAudit(db, {
    userId: impersonator.sub,
    type: 'Request',
    table: IMPERSONATION_AUDIT_TABLE,
    key: principal.id,
    after: {
      request: request.slice(0, REQUEST_LINE_MAX),
      status,
      impersonator: impersonator.fullName,
      impersonatorId: impersonator.sub,
      impersonated: `${principal.fullName} <${principal.email}>`,
      impersonatedId: principal.id,
    },
  });
}

/**
 * Every request made with an impersonation's access token leaves one audit row naming both users (issue 26,
 * point 5): its method and path, the status it is answered with (a refused one too), who acted and for whom.
 * Written as the answer goes out, so no answer reaches the impersonator before its row is kept; one insert, and
 * only for impersonated requests. A failed write is logged and the answer still goes. The hub's negotiate sets the
 * request's principal itself, so it is audited here too; hub calls are audited by the hub (hub/index.ts).
 */
export function registerImpersonationTrail(app: FastifyInstance, db: Db) {
  app.addHook('onSend', async (request, reply, payload) => {
    const { impersonator, principal } = request;
    if (!impersonator || !principal) return payload;
    try {
      await auditImpersonatedRequest(db, {
        impersonator,
        principal,
        request: `${request.method} ${withoutAccessToken(request.url)}`,
        status: reply.statusCode,
      });
    } catch (error) {
      request.log.error({ err: error }, 'impersonated request not audited');
    }
    return payload;
  });
}
