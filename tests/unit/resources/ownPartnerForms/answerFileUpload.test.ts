import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../../mocks/envelopes';
import { server } from '../../../../mocks/server';
import { uploadAnswerFile } from '../../../../src/resources/ownPartnerForms/partnerFormFillerApi';
import { signInAs } from '../../sessionFixtures';
import { FORM_ID } from './partnerFormsMock';

describe("a file question's upload", () => {
  it('sends the question key and the file as the API takes them, and answers the stored file', async () => {
    signInAs('partner');
    let received: { questionKey: unknown; file: unknown } | null = null;
    server.use(
      http.post('/api/v1/partner-forms/:id/files', async ({ request, params }) => {
        const form = await request.formData();
        const file = form.get('file') as File;
        // jsdom's XMLHttpRequest drops a multipart file's name on the way; a browser sends it (tests/e2e).
        received = { questionKey: form.get('questionKey'), file: `${params.id}:${await file.text()}` };
        return ok({ id: 'f1', name: 'licence.pdf', type: 'application/pdf', size: file.size });
      }),
    );
    const stored = await uploadAnswerFile(FORM_ID, 'licence', new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' }), () => undefined);
    expect(received).toEqual({ questionKey: 'licence', file: `${FORM_ID}:%PDF-1.4` });
    expect(stored).toEqual({ id: 'f1', name: 'licence.pdf', type: 'application/pdf', size: 8 });
  });
});
