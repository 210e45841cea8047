import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

export { chromiumPath, launchChromium } from './chromium';

/** Saves a screenshot under screenshots/ for a person to look at; never part of an assertion. */
export async function screenshot(page: Page, name: string) {
  const dir = path.resolve('screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

/**
 * Collects every Content-Security-Policy violation of a context's pages: the event the page fires and the
 * console error Chromium prints (which also covers violations before any script ran).
 */
export async function recordCspViolations(context: BrowserContext, violations: string[]) {
  await context.exposeBinding('reportCspViolation', (_source, text: string) => void violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { reportCspViolation(text: string): Promise<void> }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} in ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
}

/** Waits until no finite animation or transition is running (dialogs and menus fade in), for a screenshot. */
export function transitionsSettled(page: Page) {
  return page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity || animation.playState !== 'running'),
  );
}

/** axe's serious and critical WCAG 2.1 A/AA findings inside `region` (axe-core must be in the page: add node_modules/axe-core/axe.min.js as an init script.) */
export async function seriousAxeFindings(page: Page, region: string) {
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact?: string | null }[] }> } })
      .axe;
    const { violations } = await axe.run({ include: [include] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  }, region);
}
