import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import type { RunnerTestCase } from 'vitest';

const FAILURES_DIR = path.resolve('test-results/e2e-failures');

/**
 * What a failed test's pages showed and said, for a failure seen only in CI: each open page's address, the head of its
 * text and a screenshot (test-results/e2e-failures/), with the console errors and refused requests of the test.
 */
export function failureWitness() {
  const contexts = new Set<BrowserContext>();
  const heard: string[] = [];
  return {
    watch(context: BrowserContext) {
      contexts.add(context);
      context.on('close', () => contexts.delete(context));
      context.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') heard.push(`console.${message.type()} ${message.text().slice(0, 300)}`);
      });
      context.on('weberror', (error) => heard.push(`page error ${error.error().message.slice(0, 300)}`));
      context.on('response', (response) => {
        if (response.status() >= 400) heard.push(`${response.status()} ${response.request().method()} ${response.url()}`);
      });
      context.on('requestfailed', (request) => heard.push(`failed ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
    },
    async report(test: Readonly<RunnerTestCase>) {
      const lines = heard.splice(0);
      if (test.result?.state !== 'fail') return;
      await fs.mkdir(FAILURES_DIR, { recursive: true });
      const pages = [...contexts].flatMap((context) => context.pages());
      const name = test.name.replace(/[^\w]+/g, '-').slice(0, 60);
      const seen = await Promise.all(
        pages.map(async (page, index) => {
          const file = path.join(FAILURES_DIR, `${name}-${index}.png`);
          const shown = await page.screenshot({ path: file, fullPage: true, timeout: 10_000 }).then(
            () => file,
            (error: Error) => `no screenshot: ${error.message}`,
          );
          const text = await page.evaluate(() => document.body?.innerText ?? '', undefined).catch(() => '');
          return `page ${index} at ${page.url()} (${shown})\n  ${text.replace(/\s+/g, ' ').slice(0, 400)}`;
        }),
      );
      console.log(`What the failed test "${test.name}" left on screen:\n${seen.join('\n')}\nWhat its pages heard:\n  ${lines.slice(-40).join('\n  ')}`);
    },
  };
}
