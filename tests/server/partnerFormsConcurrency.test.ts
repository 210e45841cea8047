import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { partnerForms } from '../../server/db/schema';
import { useDemoServer } from './factories';
import { whileHeld } from './heldRows';
import { partnerWithForm, validAnswers } from './partnerFormsFixtures';

const demo = useDemoServer();
const { server } = demo;

/** Holds the partner form's row locked while `start` sends requests, until `waiting` of them wait for it. */
const whileRowHeld = (id: string, waiting: number, start: () => Promise<unknown>[]) =>
  whileHeld(
    server.built.database.db,
    (tx) => tx.select({ id: partnerForms.id }).from(partnerForms).where(eq(partnerForms.id, id)).for('update'),
    waiting,
    start,
  );

describe('partner forms under concurrent writes', () => {
  it('two devices saving different answers released at the same instant keep both', async () => {
    const form = await partnerWithForm(demo);
    const second = await server.signIn(form.user.email, form.user.password);
    await whileRowHeld(form.partnerForm.id, 2, () => [form.save({ companyName: 'Laptop' }), form.save({ size: 'large' }, second.token, 'details')]);
    expect((await form.row()).answers).toEqual({ companyName: 'Laptop', size: 'large' });
  });

  it('six saves of one form released together all land: none answers 409, and the last one written is what the form holds', async () => {
    const form = await partnerWithForm(demo);
    const second = await server.signIn(form.user.email, form.user.password);
    const names = ['Crowded 0', 'Crowded 1', 'Crowded 2'];
    const sizes = ['small', 'medium', 'large'];
    const saves = (await whileRowHeld(form.partnerForm.id, 6, () => [
      ...names.map((companyName) => form.save({ companyName })),
      ...sizes.map((size) => form.save({ size }, second.token, 'details')),
    ])) as { status: number }[];
    expect(saves.map((save) => save.status)).toEqual(Array(6).fill(200));
    const { answers } = await form.row();
    expect(names).toContain(answers.companyName);
    expect(sizes).toContain(answers.size);
  });

  it('a save released together with a submit is either in the submission or refused (409)', async () => {
    const form = await partnerWithForm(demo);
    const [save, submit] = (await whileRowHeld(form.partnerForm.id, 2, () => [form.save({ companyName: 'Raced' }), form.submit(validAnswers())])) as {
      status: number;
    }[];
    expect(submit.status).toBe(200);
    const row = await form.row();
    expect(row.status).toBe('SUBMITTED');
    if (save.status === 200) expect(row.answers.companyName).toBe('Acme Trading');
    else expect(save.status).toBe(409);
  });
});
