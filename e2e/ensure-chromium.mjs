// The browser tests drive Debian's chromium: its headless shell for the journeys (the same engine without the
// browser's window stack; 15 % less CPU for the same journeys, decision 0028 addendum of 2026-11-29) and the full
// browser for Lighthouse. Installs them when missing (we run as root on CI), or stops with a message saying how.
// Never downloads a browser of Playwright's own.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = { '/usr/bin/chromium': 'chromium', '/usr/bin/chromium-headless-shell': 'chromium-headless-shell' };
const missing = Object.entries(PACKAGES)
  .filter(([binary]) => !existsSync(binary))
  .map(([, name]) => name);
if (missing.length > 0) {
  const packages = [...missing, 'fonts-dejavu-core'].join(' ');
  if (process.getuid?.() === 0) {
    console.log(`missing: installing Debian packages ${packages} ...`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, { stdio: 'inherit' });
  } else {
    console.error(`The browser tests need Debian's chromium. Install it with:\n  sudo apt-get update && sudo apt-get install -y ${packages}`);
    process.exit(1);
  }
}
