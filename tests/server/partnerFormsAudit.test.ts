import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import { auditTrails } from '../../server/db/schema';
import { useDemoServer } from './factories';
import { partnerWithForm } from './partnerFormsFixtures';

const demo = useDemoServer();
const { server, token } = demo;

type Form = Awaited<ReturnType<typeof partnerWithForm>>;

const updatesOf = async (form: Form) =>
  server.built.database.db
    .select()
    .from(auditTrails)
    .where(and(eq(auditTrails.tableName, 'partner_forms'), eq(auditTrails.primaryKey, form.partnerForm.id), eq(auditTrails.type, 'Update')))
    .orderBy(desc(auditTrails.dateTime));

describe('the audit of a draft save', () => {
  it('records only the answers that changed, by question key, before and after', async () => {
    const form = await partnerWithForm(demo);
    await form.save({ companyName: 'First', taxNumber: '0123456789' });
    await form.save({ companyName: 'Second', taxNumber: '0123456789' });
    const [latest] = await updatesOf(form);
    expect(latest.oldValues).toEqual({ answers: { companyName: 'First' } });
    expect(latest.newValues).toEqual({ answers: { companyName: 'Second' } });
    expect(latest.affectedColumns).toEqual(['answers']);
  });

  it('a cleared answer is null after; the counts that moved are beside it', async () => {
    const form = await partnerWithForm(demo);
    await form.save({ companyName: 'Kept a while' });
    await form.save({ companyName: null });
    const [latest] = await updatesOf(form);
    expect(latest.oldValues).toMatchObject({ answers: { companyName: 'Kept a while' }, filledCount: 1 });
    expect(latest.newValues).toMatchObject({ answers: { companyName: null }, filledCount: 0 });
  });

  it('an autosave that changes no answer adds no audit row', async () => {
    const form = await partnerWithForm(demo);
    await form.save({ companyName: 'Same' });
    const before = (await updatesOf(form)).length;
    expect((await form.save({ companyName: 'Same' })).status).toBe(200);
    expect(await updatesOf(form)).toHaveLength(before);
  });

  it("the user's audit trail shows the save as the question's before and after", async () => {
    const form = await partnerWithForm(demo);
    await form.save({ companyName: 'Before' });
    await form.save({ companyName: 'After' });
    const trail = await server.api<PagedResult<{ tableName: string; type: string; affectedColumns: string[]; oldValues: unknown; newValues: unknown }>>(
      'GET',
      `/api/v1/users/${form.user.id}/audit-trails`,
      { token: token('admin@example.com') },
    );
    expect(trail.status).toBe(200);
    expect(trail.body.data!.items[0]).toMatchObject({
      tableName: 'partner_forms',
      type: 'Update',
      affectedColumns: ['answers'],
      oldValues: { answers: { companyName: 'Before' } },
      newValues: { answers: { companyName: 'After' } },
    });
  });
});
