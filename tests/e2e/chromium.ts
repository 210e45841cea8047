import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

// Apart from browser.ts (whose helpers run code in the page): benches type-checked without the DOM library launch it too.

/** Debian's Chromium (or CHROMIUM_PATH): a browser download cannot work on this network. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error('No Chromium found. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.');
  return found;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  });
}
