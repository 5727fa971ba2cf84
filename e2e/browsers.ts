// Which chromium the journeys drive (playwright.config.ts). Debian's headless shell where it is installed
// (e2e/ensure-chromium.mjs installs it): the same engine as the full browser without its window stack, 15 % less
// CPU for the same journeys (decision 0028, addendum of 2026-11-29). It has no PDF viewer, so a journey that opens
// an inline PDF in a tab asks for the full browser (FULL_BROWSER). E2E_CHROMIUM picks another binary for all.
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export const JOURNEY_BROWSER = {
  executablePath: process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM),
  args: ARGS,
};

/** For `test.use({ launchOptions: FULL_BROWSER })` in a journey that needs the browser's PDF viewer. */
export const FULL_BROWSER = { executablePath: process.env.E2E_CHROMIUM ?? FULL_CHROMIUM, args: ARGS };
