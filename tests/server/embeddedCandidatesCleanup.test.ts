import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CandidateProcess, candidateDataDir, removeCandidateData } from '../../bench/candidates/candidateProcess';

const postmasterOf = (dataDir: string) => Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
const running = (pid: number) => fs.existsSync(`/proc/${pid}`) && !/\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));

describe('bench:embedded cleanup', () => {
  it('a candidate process killed mid-run leaves no PostgreSQL running and no folder behind', async () => {
    const dataDir = candidateDataDir('embedded');
    const candidate = new CandidateProcess('embedded', 'serve', dataDir);
    try {
      await candidate.opened();
      const postmaster = postmasterOf(dataDir);
      process.kill(candidate.pid, 'SIGKILL');
      await candidate.exited;
      // The launcher's postmaster outlives the process that started it: only the cleanup stops it.
      expect(running(postmaster)).toBe(true);

      await removeCandidateData('embedded', dataDir);

      expect(running(postmaster)).toBe(false);
      expect(fs.existsSync(dataDir)).toBe(false);
    } finally {
      await candidate.stop();
      await removeCandidateData('embedded', dataDir);
    }
  }, 120_000);
});
