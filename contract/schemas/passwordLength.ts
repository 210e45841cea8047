// Apart from the yup fields, so the sign-in pages can say the rule without loading yup.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
