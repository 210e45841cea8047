import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { agreementsDeclaration } from '../../../contract/resources/agreements';
import type { AppContext } from '../../context';
import { declaredValuesOf } from '../../core/declared';
import { users } from '../users/users.schema';
import { agreementAcceptances, agreements, agreementVersions } from './agreements.schema';

const DEMO_TERMS = {
  nameEn: 'Partner terms',
  nameVi: 'Điều khoản đối tác',
  bodyEn:
    'These terms govern your use of the Partner Portal.\n\n1. Keep your sign-in to yourself.\n2. Share only what your organisation may share.\n3. We keep a record of what you accept and when.',
  bodyVi:
    'Các điều khoản này áp dụng khi bạn sử dụng Cổng đối tác.\n\n1. Giữ thông tin đăng nhập cho riêng bạn.\n2. Chỉ chia sẻ những gì tổ chức của bạn được phép chia sẻ.\n3. Chúng tôi lưu lại những gì bạn chấp nhận và thời điểm chấp nhận.',
};

/**
 * Demo rows (SEED=demo): "Partner terms" with one published version, already accepted by every partner user the
 * demo has when it is first written, so signing in as a demo partner asks for nothing. Found again by its name.
 */
export async function seedDemoAgreements({ db }: AppContext) {
  const [found] = await db.select({ id: agreements.id }).from(agreements).where(eq(agreements.nameEn, DEMO_TERMS.nameEn));
  if (found) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
  const [agreement] = await db
    .insert(agreements)
    .values(declaredValuesOf(agreementsDeclaration, { nameEn: DEMO_TERMS.nameEn, nameVi: DEMO_TERMS.nameVi }))
    .returning({ id: agreements.id });
  const [version] = await db
    .insert(agreementVersions)
    .values({ agreementId: agreement.id, versionNumber: 1, bodyEn: DEMO_TERMS.bodyEn, bodyVi: DEMO_TERMS.bodyVi, publishedBy: admin?.id ?? null })
    .returning({ id: agreementVersions.id });
  const partnerUsers = await db
    .select({ id: users.id, partnerId: users.partnerId })
    .from(users)
    .where(and(isNotNull(users.partnerId), isNull(users.deletedAt)));
  if (partnerUsers.length)
    await db.insert(agreementAcceptances).values(
      partnerUsers.map((user) => ({
        agreementId: agreement.id,
        versionId: version.id,
        userId: user.id,
        partnerId: user.partnerId!,
        clientAddress: '127.0.0.1',
      })),
    );
}
