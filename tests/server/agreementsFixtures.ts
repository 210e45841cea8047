import type { AgreementAcceptedDto, AgreementVersionDto, PendingAgreementDto } from '../../contract/agreements';
import type { AgreementRecord } from '../../contract/resources/agreements';
import { ROLE_NAMES } from '../../contract/roles';
import { expectEnvelope } from './expectations';
import { unique, type useDemoServer } from './factories';

type Demo = ReturnType<typeof useDemoServer>;

/** What the agreements' tests do through the API: staff make and publish, a partner's user reads and accepts. */
export function agreementSteps({ server, make, token, roleIds }: Demo) {
  const admin = () => token('admin@example.com');
  const steps = {
    /** A new agreement (staff), no version yet. */
    async agreement(name = `Terms ${unique('a')}`) {
      const made = await server.api<AgreementRecord>('POST', '/api/v1/agreements', { token: admin(), body: { nameEn: name, nameVi: `Điều khoản ${name}` } });
      expectEnvelope(made, 201);
      return made.body.data!;
    },
    publish: (agreementId: string, body: unknown = { bodyEn: `Text ${unique('t')}`, bodyVi: `Nội dung ${unique('t')}` }, as = admin()) =>
      server.api<AgreementVersionDto>('POST', `/api/v1/agreements/${agreementId}/versions`, { token: as, body }),
    async published(agreementId: string) {
      const answer = await steps.publish(agreementId);
      expectEnvelope(answer, 201);
      return answer.body.data!;
    },
    /** A Partner-role user of a new partner. */
    async partnerUser(partnerId?: string) {
      const partner = partnerId ?? (await make.partner()).id;
      return { ...(await make.user({ roleId: roleIds[ROLE_NAMES.partner], partnerId: partner })), partnerId: partner };
    },
    /** The user's pending agreements among `agreementIds` (the demo's own terms stay out of the way). */
    async pending(as: string, agreementIds: string[]) {
      const answer = await server.api<PendingAgreementDto[]>('GET', '/api/v1/pending-agreements', { token: as });
      expectEnvelope(answer, 200);
      return answer.body.data!.filter((p) => agreementIds.includes(p.agreementId));
    },
    accept: (as: string, versionId: string) => server.api<AgreementAcceptedDto>('POST', `/api/v1/agreement-versions/${versionId}/accept`, { token: as }),
  };
  return steps;
}
