import * as yup from 'yup';
import { msg } from './schemas/messages';
import { PASSWORD_MAX, PASSWORD_MIN } from './schemas/fields';

/**
 * The password strength rule, one place for the server and the browser: zxcvbn (`@zxcvbn-ts/core` with the common and
 * English dictionaries; there is no Vietnamese one) scores a new password 0–4 and a score below STRONG_SCORE is refused,
 * on top of the length rule. 3 is zxcvbn's "safely unguessable" (about 10^8 guesses): with Argon2id on the server, enough
 * against an offline attack, and it refuses every listed common password such as `password1234` or `qwertyuiop12`.
 *
 * zxcvbn and its dictionaries (about 1 MB) are imported dynamically, once per process or page, on first use: they never
 * enter the sign-in bundle, and sign-in itself never checks strength (an existing weak password still signs in).
 */
export const STRONG_SCORE = 3;

/**
 * The characters zxcvbn reads, and the l33t variants it tries: its cost grows fast with both (128 characters with its
 * defaults took up to 3 s here; 64 and 10, under 100 ms). A password whose first 64 characters are strong is strong.
 */
export const STRENGTH_READ_CHARS = 64;
const L33T_MAX_SUBSTITUTIONS = 10;

export type StrengthLevel = 'weak' | 'fair' | 'good' | 'strong';

export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  /** Whether the rule accepts it (score ≥ STRONG_SCORE). */
  strong: boolean;
  level: StrengthLevel;
  /** i18n keys (i18n/passwordStrength.*.ts), never zxcvbn's English texts. */
  warning: string | null;
  suggestions: string[];
}

const LEVELS: readonly StrengthLevel[] = ['weak', 'weak', 'fair', 'good', 'strong'];

type Estimate = (password: string, userInputs: string[]) => { score: PasswordStrength['score']; feedback: { warning: string | null; suggestions: string[] } };

let estimator: Promise<Estimate> | undefined;

/** Loads zxcvbn and its dictionaries once; a failed load (a browser offline) is tried again on the next call. */
function loadEstimator(): Promise<Estimate> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, english]) => {
      // No translations: zxcvbn then gives its feedback as keys (straightRow, anotherWord…), which we translate.
      const zxcvbn = new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary },
        graphs: common.adjacencyGraphs,
        maxLength: STRENGTH_READ_CHARS,
        l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
      });
      return (password, userInputs) => zxcvbn.check(password, userInputs) as ReturnType<Estimate>;
    },
  );
  estimator.catch(() => {
    estimator = undefined;
  });
  return estimator;
}

/** Words of the account (its email's parts) that a password should not lean on. */
export function userInputsOf(...values: (string | null | undefined)[]): string[] {
  return values.flatMap((value) => (value ? [value, ...value.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length >= 3)] : []));
}

/** The strength of a password; only its first STRENGTH_READ_CHARS characters are read. */
export async function passwordStrength(password: string, userInputs: string[] = []): Promise<PasswordStrength> {
  const estimate = await loadEstimator();
  const { score, feedback } = estimate(
    password.slice(0, STRENGTH_READ_CHARS),
    userInputs.map((input) => input.slice(0, STRENGTH_READ_CHARS)),
  );
  return {
    score,
    strong: score >= STRONG_SCORE,
    level: LEVELS[score],
    warning: feedback.warning ? `passwordStrength.warnings.${feedback.warning}` : null,
    suggestions: feedback.suggestions.map((key) => `passwordStrength.suggestions.${key}`),
  };
}

/** What tells a password's strength: `passwordStrength` itself, or the server's call of it in a worker thread. */
export type StrengthCheck = (password: string, userInputs: string[]) => Promise<Pick<PasswordStrength, 'strong'>>;

/**
 * The rule as a yup test for the server's schemas (contract/schemas/strongPasswords.ts): asynchronous, so it runs
 * in `validate`, not `validateSync` (the browser's forms use the meter, src/auth/PasswordStrengthMeter.tsx). A value
 * the length rule refuses is left to it: no zxcvbn run on a 200 KB body.
 */
export const strongPassword =
  (emailField?: string, check: StrengthCheck = passwordStrength) =>
  (schema: yup.StringSchema<string>): yup.StringSchema<string> =>
    schema.test('strength', msg('passwordStrength.tooWeak'), async function isStrong(value) {
      if (!value || value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return true;
      const email = emailField ? (this.parent?.[emailField] as string | undefined) : undefined;
      return (await check(value, userInputsOf(email))).strong;
    });
