// Teams and repeated measurements (issue 13, stories 3 and 4), in English and German: the admin builds a team from
// the demo campaign's participants, opens its dashboard (mean and spread per dimension, chart and table, members as
// "name, first name"), compares two teams side by side, reads each participant's change with the reliable-change
// verdict, downloads the campaign's CSV under the server's file name, starts a new campaign and deletes the team.
import type { Page } from '@playwright/test';
import { ADMIN, DE, EN, expect, openLoginAndSignIn, screenshot, test, useLanguage } from './support';

type Texts = Record<string, string>;
const DEMO_CAMPAIGN = 'Leadership programme 2026';
const MEMBERS = ['Schmidt, Anna', 'Fischer, Ben', 'Martin, Chloe', 'Klein, David', 'Wolf, Eva'];

async function journey(page: Page, T: Texts, locale: 'EN_US' | 'DE_DE') {
  // A long journey on a shared, slow machine.
  test.setTimeout(300_000);
  const teamName = `Pilot ${locale}`;
  await page.goto('/BQ_SELECTION/teams');
  await expect(page.getByRole('heading', { level: 1, name: T['page.teams.title']! })).toBeVisible();
  // The newest campaign is preselected; the demo's is chosen (an earlier run may have started a newer one).
  await page.getByTestId('campaign-select').click();
  await page.getByRole('option', { name: DEMO_CAMPAIGN }).click();
  await expect(page.getByTestId('campaign-select')).toHaveValue(DEMO_CAMPAIGN);
  const campaignHref = await page.getByTestId('campaign-open').getAttribute('href');
  const teamsUrl = `/BQ_SELECTION/teams?campaign=${campaignHref!.split('/').at(-1)}`;
  for (const demoTeam of ['Sales', 'Operations']) await expect(page.getByTestId('team-card').filter({ hasText: demoTeam })).toBeVisible();

  // A team of five demo participants who all have results.
  await page.getByTestId('team-name').fill(teamName);
  const picker = page.getByTestId('team-members-pick');
  for (const name of MEMBERS) {
    await picker.click();
    await page.getByRole('option', { name, exact: true }).click();
  }
  await page.keyboard.press('Escape');
  await page.getByTestId('team-create').click();
  const card = page.getByTestId('team-card').filter({ hasText: teamName });
  await expect(card).toBeVisible();
  for (const name of MEMBERS) await expect(card).toContainText(name);
  await screenshot(page, `teams-list-${locale}`);

  // Its dashboard: figures per dimension with the table beside the chart, and the members.
  await card.getByTestId('team-dashboard-link').click();
  await expect(page).toHaveURL(/\/BQ_SELECTION\/teams\/[0-9a-f-]+\/dashboard\?campaign=/);
  await expect(page.getByRole('heading', { level: 1, name: T['teams.dashboard.title']!.replace('{{name}}', teamName) })).toBeVisible();
  const table = page.getByTestId('team-stats-table');
  await expect(table).toBeVisible();
  await expect(table.locator('tbody tr').first()).toContainText(locale === 'DE_DE' ? ',' : '.');
  await expect(page.getByTestId('team-too-few')).toHaveCount(0);
  await expect(page.getByTestId('team-member-list')).toContainText('Schmidt, Anna');
  await expect(page.getByTestId('team-chart').locator('svg').first()).toBeVisible();
  await screenshot(page, `team-dashboard-${locale}`);

  // Two demo teams side by side.
  await page.goto(teamsUrl);
  await page.getByTestId('teams-compare-link').click();
  await expect(page.getByRole('heading', { level: 1, name: T['page.teamComparison.title']! })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Sales' }).check();
  await page.getByRole('checkbox', { name: 'Operations' }).check();
  const compared = page.getByTestId('team-stats-table');
  await expect(compared).toContainText('Sales');
  await expect(compared).toContainText('Operations');
  await expect(page).toHaveURL(/teamId=.*teamId=/);
  await screenshot(page, `team-comparison-${locale}`);

  // The campaign: participants, their change with the verdict, only completed ones, the CSV.
  await page.goto(teamsUrl);
  await page.getByTestId('campaign-open').click();
  await expect(page.getByRole('heading', { level: 1, name: DEMO_CAMPAIGN })).toBeVisible();
  await expect(page.getByText(T['repeatedMeasurement.rciTitle']!)).toBeVisible();
  const list = page.getByTestId('participant-list');
  const control = list.getByRole('button', { name: /Schmidt, Anna/ });
  await control.click();
  const changes = page.locator(`[id="${await control.getAttribute('aria-controls')}"]`).getByTestId('change-table');
  await expect(changes).toBeVisible();
  const verdicts = [T['repeatedMeasurement.change.withinError']!, T['repeatedMeasurement.change.realUp']!, T['repeatedMeasurement.change.realDown']!];
  await expect(changes.locator('tbody tr').first()).toContainText(new RegExp(verdicts.map((v) => v.replace(/[|()]/g, '\\$&')).join('|')));
  await screenshot(page, `campaign-participants-${locale}`);
  // A second measurement for someone measured once: it is open, so "only completed" leaves them out.
  const again = locale === 'EN_US' ? 'Braun, Felix' : 'Hofmann, Leon';
  await page.getByTestId('participant-pick').click();
  await page.getByRole('option', { name: again, exact: true }).click();
  await page.getByTestId('participant-add').click();
  await expect(page.getByText(T['repeatedMeasurement.participantAdded']!.replace('{{measurement}}', '2'))).toBeVisible();
  await expect(list.getByRole('button', { name: new RegExp(again) })).toBeVisible();
  await page.getByTestId('only-completed').check();
  await expect(list.getByRole('button', { name: new RegExp(again) })).toHaveCount(0);
  await expect(list.getByRole('button', { name: /Schmidt, Anna/ })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('campaign-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^repeated-measurement_Leadership-programme-2026_\d{2}-\d{2}-\d{4}\.csv$/);
  const csv = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv.split('\r\n')[0]).toContain(locale === 'DE_DE' ? 'Nachname;Vorname' : 'Last name,First name');
  await expect(page.getByText(T['download.finished']!.split('{{')[0]!.trim())).toBeVisible();

  // A new campaign, then the pilot team is deleted again.
  await page.goto(teamsUrl);
  await page.getByTestId('team-card').filter({ hasText: teamName }).getByTestId('team-delete').click();
  await page.getByTestId('team-delete-confirm').click();
  await expect(page.getByTestId('team-card').filter({ hasText: teamName })).toHaveCount(0);
  await page.getByTestId('campaign-new').click();
  await page.getByTestId('campaign-name').fill(`Autumn ${locale}`);
  await page.getByTestId('campaign-create').click();
  await expect(page.getByTestId('campaign-select')).toHaveValue(`Autumn ${locale}`);
  await expect(page.getByText(T['teams.empty']!)).toBeVisible();
  await screenshot(page, `teams-new-campaign-${locale}`);
}

test('teams and repeated measurements in English', async ({ page }) => {
  await openLoginAndSignIn(page, ADMIN);
  await useLanguage(page, 'EN_US');
  await journey(page, EN, 'EN_US');
});

test('teams and repeated measurements in German, then back to English', async ({ page }) => {
  await openLoginAndSignIn(page, ADMIN);
  await useLanguage(page, 'DE_DE');
  await journey(page, DE, 'DE_DE');
  await useLanguage(page, 'EN_US');
});
