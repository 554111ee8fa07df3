/**
 * The one way browser tests start Chromium: Debian's `/usr/bin/chromium`,
 * headless, with the flags that keep it quiet and self-contained on a shared
 * test machine (no sandbox in a container, no GPU, no background traffic or
 * update checks that could race a test's own requests).
 */
import { Browser, chromium } from 'playwright-core';

/** Where Debian installs Chromium. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The flags every browser test starts Chromium with. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts Chromium with {@link CHROMIUM_ARGS}; the caller closes it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
}
