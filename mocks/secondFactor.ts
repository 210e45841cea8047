import { http } from 'msw';
import type { SecondFactorStatus } from '../contract/secondFactor';
import { failed, ok } from './envelopes';

/** The code the mock's authenticator app shows, and the recovery codes it hands out. */
export const MOCK_TOTP_CODE = '123456';
export const MOCK_RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CCCC-${String(i).padStart(4, '0')}`);

/** The signed-in user's second factor in the mock API (issue 26, point 1). */
export const secondFactorMock = {
  status: { totp: false, recoveryCodesLeft: 0, required: false, pending: false } as SecondFactorStatus,
  reset() {
    this.status = { totp: false, recoveryCodesLeft: 0, required: false, pending: false };
  },
};

const wrongCode = () => failed(400, 'The code is not right', [{ field: 'code', message: 'The code is not right' }]);
const codeOf = async (request: Request) => String(((await request.json()) as { code?: string }).code ?? '');

export const secondFactorHandlers = [
  http.get('/api/account/second-factor', () => ok(secondFactorMock.status)),
  http.post('/api/account/second-factor/enrolment', () =>
    ok({
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      otpauthUri: 'otpauth://totp/Partner%20Portal:admin%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      qrCode: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
    }),
  ),
  http.post('/api/account/second-factor/confirm', async ({ request }) => {
    if ((await codeOf(request)) !== MOCK_TOTP_CODE) return wrongCode();
    secondFactorMock.status = { ...secondFactorMock.status, totp: true, recoveryCodesLeft: 10, pending: false };
    return ok({ codes: MOCK_RECOVERY_CODES }, 'Second factor on');
  }),
  http.post('/api/account/second-factor/recovery-codes', async ({ request }) => {
    if ((await codeOf(request)) !== MOCK_TOTP_CODE) return wrongCode();
    secondFactorMock.status = { ...secondFactorMock.status, recoveryCodesLeft: 10 };
    return ok({ codes: MOCK_RECOVERY_CODES.map((code) => code.replace('AAAA', 'ZZZZ')) }, 'New recovery codes made');
  }),
  http.post('/api/account/second-factor/turn-off', async ({ request }) => {
    if ((await codeOf(request)) !== MOCK_TOTP_CODE) return wrongCode();
    secondFactorMock.status = { ...secondFactorMock.status, totp: false, recoveryCodesLeft: 0 };
    return ok(null, 'Second factor off');
  }),
];
