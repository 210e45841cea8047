import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfWorkers } from '../../server/modules/partnerForms/partnerFormPdf';
import { WORKER_NICENESS } from '../../server/core/workerTasks';

/** Each thread of this process with its nice value (Linux's per-thread scheduling priority). */
function threadNiceness(): Map<number, number> {
  const threads = new Map<number, number>();
  for (const id of fs.readdirSync('/proc/self/task')) {
    try {
      // The 19th field of stat, counted after the command's closing parenthesis (a name may hold spaces).
      const fields = fs.readFileSync(`/proc/self/task/${id}/stat`, 'utf8').split(') ')[1].split(' ');
      threads.set(Number(id), Number(fields[16]));
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return threads;
}

const niced = () => [...threadNiceness().values()].filter((nice) => nice === WORKER_NICENESS).length;

describe.runIf(process.platform === 'linux')('worker threads', () => {
  afterAll(() => pdfWorkers.close());

  it('the PDF workers run below the HTTP thread, which keeps the process priority', async () => {
    const before = niced();
    pdfWorkers.warm();
    // A thread lowers its priority as its script starts: wait until every one of the pool has.
    await expect.poll(niced, { timeout: 20_000 }).toBe(before + pdfWorkers.size);
    expect(threadNiceness().get(process.pid)).toBe(0);
  });
});
