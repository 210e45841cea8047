import { lazySchema } from '../schemaForm/lazySchema';

// The sign-in pages' schemas (contract/schemas/credentials.ts), loaded as their form mounts: yup stays out of the sign-in bundle.
const credentials = () => import('../../contract/schemas/credentials');

export const loginRules = lazySchema(() => credentials().then((m) => m.loginSchema));
export const forgotPasswordRules = lazySchema(() => credentials().then((m) => m.forgotPasswordSchema));
export const resendActivationRules = lazySchema(() => credentials().then((m) => m.resendActivationSchema));
