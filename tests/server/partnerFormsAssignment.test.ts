import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../server/core/events';
import { transactionThenPublish } from '../../server/core/events';
import { auditTrails } from '../../server/db/schema';
import { assignPartnerForm } from '../../server/modules/partnerForms/assignment';
import { serviceContextOn, useDemoServer } from './factories';
import { makeFormVersion } from './partnerFormsFixtures';

const { server, make } = useDemoServer();

async function assign(partnerId: string, definitionId: string) {
  const events: DomainEvent[] = [];
  const row = await transactionThenPublish(serviceContextOn(server.built.database.db), (tx, publish) =>
    assignPartnerForm(
      tx,
      (event) => {
        events.push(event);
        publish(event);
      },
      { partnerId, definitionId, assignedBy: null, note: 'by a rule' },
    ),
  );
  return { row, events };
}

describe('assignPartnerForm', () => {
  it("assigns the definition's Ready version with its counts, audited, and queues the events", async () => {
    const db = server.built.database.db;
    const partner = await make.partner();
    const version = await makeFormVersion(db, make);
    const { row, events } = await assign(partner.id, version.definitionId);
    expect(row).toMatchObject({
      partnerId: partner.id,
      formId: version.id,
      status: 'OPEN',
      note: 'by a rule',
      totalFields: 7,
      requiredFields: 2,
      filledCount: 0,
    });
    expect(events.map((e) => e.type)).toEqual(['PartnerFormAssigned', 'ResourceChanged']);
    const audit = await db
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'partner_forms'), eq(auditTrails.primaryKey, row!.id)));
    expect(audit).toHaveLength(1);
  });

  it('assigns nothing when the partner already has the definition open, or it has no Ready version', async () => {
    const db = server.built.database.db;
    const partner = await make.partner();
    const version = await makeFormVersion(db, make);
    expect((await assign(partner.id, version.definitionId)).row).not.toBeNull();
    expect(await assign(partner.id, version.definitionId)).toEqual({ row: null, events: [] });
    const editing = await makeFormVersion(db, make, { status: 'Editing' });
    expect((await assign(partner.id, editing.definitionId)).row).toBeNull();
  });

  it('two assignments racing leave one partner form', async () => {
    const db = server.built.database.db;
    const partner = await make.partner();
    const version = await makeFormVersion(db, make);
    const results = await Promise.all([assign(partner.id, version.definitionId), assign(partner.id, version.definitionId)]);
    expect(results.filter((r) => r.row).length).toBe(1);
  });
});
