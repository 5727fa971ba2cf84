// The axe guard itself (./accessibility.ts), which every journey relies on: it must find a serious violation on a page
// in the mode it runs axe in, must not take a page whose data alone changed for a new state, and must scan again
// once the structure changed. A guard that found nothing would let every journey pass.
import { AccessibilityGuard } from './accessibility';
import { EN, expect, test } from './support';

test('the axe guard fails an unnamed button, skips a page whose data alone changed, and scans a changed one again', async ({ page }, testInfo) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: EN['login.submit']!, exact: true })).toBeVisible();
  const guard = new AccessibilityGuard(testInfo);

  // An icon button without a name (axe's button-name, critical), as a forgotten aria-label would leave it.
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.id = 'seeded';
    button.innerHTML = '<svg width="16" height="16" viewBox="0 0 24 24"><path d="M6 9l6 6l6 -6"/></svg>';
    document.querySelector('main')!.append(button);
  });
  await guard.scan(page, 'seeded');
  // Its drawing changes (a chart's geometry does with the data): the same state, not scanned again.
  await page.evaluate(() => document.querySelector('#seeded path')!.setAttribute('d', 'M1 2l3 4'));
  await guard.scan(page, 'other geometry');
  // Now it has a name: another state, scanned, and clean.
  await page.evaluate(() => document.querySelector('#seeded')!.setAttribute('aria-label', 'Open'));
  await guard.scan(page, 'named');

  const scans = guard.scansSoFar();
  expect(scans.map((s) => [s.at, s.failing > 0])).toEqual([
    ['seeded', true],
    ['other geometry (same state as an earlier scan)', false],
    ['named', false],
  ]);
  const failing = await guard.finish({ scanOpenPages: false });
  expect(failing.map((f) => [f.rule, f.impact])).toContainEqual(['button-name', 'critical']);

  // The journey's own guard scans the page at the end: as it was.
  await page.evaluate(() => document.querySelector('#seeded')!.remove());
});
