/**
 * What the password strength rule (contract/passwordStrength.ts) costs per check: the first load of zxcvbn and its
 * dictionaries, then the slowest of several runs of maximum-length (128 character) passwords built to be expensive
 * (l33t symbols, digits, dates, random). `npm run bench:password-strength`.
 */
import { passwordStrength, STRENGTH_READ_CHARS } from '../contract/passwordStrength';
import { PASSWORD_MAX } from '../contract/schemas/fields';

const RUNS = 5;
const repeatTo = (unit: string) => unit.repeat(Math.ceil(PASSWORD_MAX / unit.length)).slice(0, PASSWORD_MAX);
const samples: Record<string, string> = {
  'one letter': repeatTo('a'),
  'mixed classes': repeatTo('aB3$xY'),
  digits: repeatTo('1234567890'),
  dates: repeatTo('19901231'),
  'l33t word': repeatTo('p@55w0rd'),
  'l33t symbols': repeatTo('4@3$5!0|1+7'),
  random: Array.from({ length: PASSWORD_MAX }, (_, i) => String.fromCharCode(33 + ((i * 7919) % 94))).join(''),
};

let started = performance.now();
await passwordStrength('warm-up');
console.log(`First check (loads zxcvbn and its dictionaries): ${(performance.now() - started).toFixed(0)} ms`);
console.log(`Each check reads the first ${STRENGTH_READ_CHARS} of ${PASSWORD_MAX} characters; slowest of ${RUNS} runs:\n`);
let worst = 0;
for (const [name, password] of Object.entries(samples)) {
  let slowest = 0;
  let score = 0;
  for (let run = 0; run < RUNS; run++) {
    started = performance.now();
    score = (await passwordStrength(password, ['someone@example.com'])).score;
    slowest = Math.max(slowest, performance.now() - started);
  }
  worst = Math.max(worst, slowest);
  console.log(`${name.padEnd(14)} score ${score}  ${slowest.toFixed(1).padStart(7)} ms`);
}
console.log(`\nSlowest check: ${worst.toFixed(1)} ms`);
