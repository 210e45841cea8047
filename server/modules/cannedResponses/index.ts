import { and, eq } from 'drizzle-orm';
import { cannedResponsesDeclaration } from '../../../contract/resources/cannedResponses';
import type { AppContext } from '../../context';
import { declaredModule, declaredValuesOf } from '../../core/declared';
import type { PortalModule } from '../module';
import { cannedResponses } from './cannedResponses.schema';

/** Demo rows (SEED=demo): two shared responses, one in each language, found again by title. */
const DEMO_CANNED_RESPONSES = [
  {
    title: 'Looking into it',
    body: 'Hello {{partnerName}},\n\nThank you for ticket #{{ticketId}} ("{{ticketSubject}}"). We are looking into it and will come back to you shortly.\n\n{{agentName}}',
    language: 'en',
  },
  {
    title: 'Đang xử lý',
    body: 'Xin chào {{partnerName}},\n\nCảm ơn bạn đã gửi phiếu #{{ticketId}} ("{{ticketSubject}}"). Chúng tôi đang xử lý và sẽ phản hồi sớm.\n\n{{agentName}}',
    language: 'vi',
  },
];

async function seedDemoCannedResponses({ db }: AppContext) {
  for (const demo of DEMO_CANNED_RESPONSES) {
    const [found] = await db
      .select({ id: cannedResponses.id })
      .from(cannedResponses)
      .where(and(eq(cannedResponses.title, demo.title), eq(cannedResponses.shared, true)));
    if (!found) await db.insert(cannedResponses).values(declaredValuesOf(cannedResponsesDeclaration, { ...demo, shared: true }));
  }
}

/** Canned responses (issue 25, point 4): the declaration's routes under /canned-responses, and two shared demo responses. */
export const cannedResponsesModule: PortalModule = declaredModule(cannedResponsesDeclaration, { seedDemo: seedDemoCannedResponses });
