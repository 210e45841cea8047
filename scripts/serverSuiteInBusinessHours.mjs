// `npm run test:server:business-hours`: the server suite once more with the clock moved inside the demo calendar's
// business hours (a weekday, 09:40 in Ho Chi Minh City, where SLA clocks run) and the process time zone 14 hours
// from UTC, so a test or a rule that depends on the hour or the zone fails every run instead of some.
// The clock is moved by libfaketime (Debian's `faketime`) as an offset, so every process the suite starts (servers,
// the embedded PostgreSQL) shares one clock that keeps running.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const ZONE = 'Pacific/Kiritimati';
const BUSINESS_HOUR_UTC = { hours: 2, minutes: 40 }; // 09:40 at UTC+7

/** The next instant at 09:40 Ho Chi Minh City on a weekday, today's if it has not passed by more than an hour. */
function businessMorning(now = new Date()) {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), BUSINESS_HOUR_UTC.hours, BUSINESS_HOUR_UTC.minutes));
  while (at.getUTCDay() === 0 || at.getUTCDay() === 6) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

if (spawnSync('faketime', ['--version'], { stdio: 'ignore' }).error) {
  console.error('faketime is missing: apt-get install -y faketime (Debian) or run .ci/run, which installs it');
  process.exit(1);
}
/**
 * libfaketime shares its clock through /dev/shm files named by a process id. The embedded PostgreSQL runs as another
 * user: it cannot open the root-owned files of this run, so it makes its own under its own id, and fails when a
 * killed run of earlier left a file of that id it may not open (ids wrap at 32,768). Files of dead processes go first.
 */
function removeStaleClockFiles() {
  let names = [];
  try {
    names = fs.readdirSync('/dev/shm');
  } catch {
    return;
  }
  for (const name of names) {
    const pid = /^(?:sem\.)?faketime_(?:sem|shm)_(\d+)$/.exec(name)?.[1];
    if (!pid) continue;
    try {
      process.kill(Number(pid), 0);
    } catch (error) {
      if (error.code === 'ESRCH') fs.rmSync(`/dev/shm/${name}`, { force: true });
    }
  }
}

removeStaleClockFiles();
const target = businessMorning();
const offsetSeconds = Math.round((target.getTime() - Date.now()) / 1000);
console.log(`Server suite at ${target.toISOString()} (09:40 Asia/Ho_Chi_Minh), TZ=${ZONE}, clock offset ${offsetSeconds} s`);
const run = spawnSync(
  'faketime',
  ['-f', `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}s`, 'npm', 'run', '--silent', 'test:server', '--', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    // Timers and timeouts keep real time; only the wall clock moves.
    env: { ...process.env, TZ: ZONE, FAKETIME_DONT_FAKE_MONOTONIC: '1' },
  },
);
process.exit(run.status ?? 1);
