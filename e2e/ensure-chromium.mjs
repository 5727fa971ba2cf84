// The browser tests drive Debian's chromium. Install it when missing (we run as root on CI), or stop with
// a message saying how. Never downloads a browser of Playwright's own.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log('chromium is missing: installing Debian packages chromium and fonts-dejavu-core ...');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core', { stdio: 'inherit' });
  } else {
    console.error('The browser tests need Debian\'s chromium. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium fonts-dejavu-core');
    process.exit(1);
  }
}
