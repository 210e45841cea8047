import axe from 'axe-core';

/**
 * Serious or critical axe findings (WCAG 2.1 A and AA) in `root`, one line each. jsdom draws nothing: colour
 * contrast is left to the Chromium tests.
 */
export async function seriousAxeFindings(root: Element): Promise<string[]> {
  const results = await axe.run(root, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'], rules: { 'color-contrast': { enabled: false } } });
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}
