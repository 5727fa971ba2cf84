// Issue 5: mail as the client receives it. The e2e server sends real SMTP to a catcher (e2e/mail-catcher.mjs):
// the demo's overdue questionnaires get their auto reminders in the client's language, the adviser e-mails an
// invitation that a German client opens from the mail, and with auto report on, unlocking a result mails the
// client a link that downloads the PDF without signing in.
import type { Browser } from '@playwright/test';
import {
  ADVISER,
  answerAndSubmit,
  api,
  caughtMails,
  clientWithQuestionnaire,
  downloadFrom,
  expect,
  linkIn,
  openLoginAndSignIn,
  screenshot,
  test,
  unlockOnDashboard,
  waitForMail,
} from './support';

/** Opens a path as the client would from a mail: a browser of their own, no session, their language. */
async function asClient(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale });
  return { context, page: await context.newPage() };
}

test('auto reminders reach the demo clients whose questionnaires wait, each in their own language', async ({ browser }) => {
  // Thomas Wagner (German) and Emily Carter (British English) were sent 30-day questionnaires weeks ago.
  const german = await waitForMail('thomas.wagner@example.com', (m) => m.subject.startsWith('Erinnerung von Demo Advisory'));
  expect(german.subject).toContain('Risikoprofil');
  expect(german.text).toMatch(/Der Link ist noch \d+ Tage gültig/);
  // Formal German: "Sie" and the salutation his adviser chose for him (issue 22: the demo gives him "Herr").
  expect(german.text).toMatch(/^Sehr geehrter Herr Wagner,/);
  const british = await waitForMail('emily.carter@example.com', (m) => m.subject.startsWith('Reminder from Demo Advisory'));
  expect(british.text).toMatch(/^Dear Ms Carter,/);

  // The reminder's link opens the questionnaire in German, without signing in.
  const { context, page } = await asClient(browser, 'en-US');
  await page.goto(linkIn(german, '/q/'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  // The page greets him as the mail does, with the salutation his adviser chose (issue 37 point 11).
  await expect(page.getByText('Herr Wagner', { exact: false }).first()).toBeVisible();
  await context.close();
});

test('the adviser e-mails an invitation; the German client opens the questionnaire from the mail', async ({ page, browser }) => {
  await openLoginAndSignIn(page, ADVISER);
  const { email, clientToken, instanceToken } = await clientWithQuestionnaire(page.request, {
    product: 'BQ_RISK',
    firstName: 'Jörg',
    lastName: 'Weißmann',
    locale: 'DE_DE',
  });
  await page.goto(`/BQ_RISK/client/${clientToken}/interaction/${instanceToken}`);
  await expect(page.getByTestId('interaction-actions')).toBeVisible();
  await page.getByTestId('interaction-send-invite-email').click();
  await expect(page.getByTestId('interaction-invitation-mail')).toBeVisible();

  const mail = await waitForMail(email);
  expect(mail.subject).toBe('Demo Advisory: Ihr Fragebogen „Risikoprofil“');
  expect(mail.text).toMatch(/^Guten Tag Jörg Weißmann,/);
  expect(mail.text).toContain('bittet Sie');
  const link = linkIn(mail, '/q/');
  expect(link).toBe(`/q/${instanceToken}`);

  const { context, page: client } = await asClient(browser, 'en-US');
  await client.goto(link);
  await expect(client.locator('html')).toHaveAttribute('lang', 'de-DE');
  await screenshot(client, 'invitation-opened-DE_DE');
  await context.close();

  // The adviser's page says when it went out (the mail server took it), after a reload too.
  await page.reload();
  await expect(page.getByTestId('interaction-invitation-mail')).toHaveAttribute('data-state', 'SENT');
});

test('with auto report on, unlocking the result mails the client a download link that works without signing in @embedded', async ({ page, browser }) => {
  await openLoginAndSignIn(page, ADVISER);
  const { email, clientToken, instanceToken } = await clientWithQuestionnaire(page.request, {
    product: 'BQ_RISK',
    firstName: 'Ines',
    lastName: 'Schäfer',
    locale: 'DE_DE',
    autoSendReport: true,
  });
  await answerAndSubmit(page.request, instanceToken);
  await unlockOnDashboard(page, 'BQ_RISK', clientToken, instanceToken);

  const mail = await waitForMail(email, (m) => m.subject.includes('Ihr Bericht'));
  const link = linkIn(mail, '/report/');
  expect(link).toMatch(/^\/report\/rdl_[A-Za-z0-9_-]{43}\/download$/);

  const { context, page: client } = await asClient(browser, 'de-DE');
  await client.goto(link);
  await expect(client.getByTestId('report-link-summary')).toContainText('Ines');
  await screenshot(client, 'report-link-DE_DE');
  const pdf = await downloadFrom(client, 'report-link-download');
  expect(pdf.name).toMatch(/^Risikoprofil-Bericht_Schaefer_Ines_\d{2}-\d{2}-\d{4}\.pdf$/);
  expect(pdf.text).toContain('Ines Schäfer');
  await context.close();

  // One mail per result: unlocking again (already open) sends nothing more.
  await api.post(page.request, '/api/credit/unlock', { interactionToken: instanceToken });
  expect((await caughtMails()).filter((m) => m.to.includes(email))).toHaveLength(1);
});

test('switching auto report on for an open result mails the report at once, and the page says so', async ({ page }) => {
  await openLoginAndSignIn(page, ADVISER);
  const { email, clientToken, instanceToken } = await clientWithQuestionnaire(page.request, {
    product: 'BQ_RISK',
    firstName: 'Harriet',
    lastName: 'Lowe',
    locale: 'EN_UK',
  });
  await answerAndSubmit(page.request, instanceToken);
  await unlockOnDashboard(page, 'BQ_RISK', clientToken, instanceToken);

  // Auto report was off when the result opened: nothing went out. The switch says what turning it on does.
  await page.goto(`/BQ_RISK/client/${clientToken}/interaction/${instanceToken}`);
  const autoReport = page.getByTestId('interaction-auto-report');
  await expect(autoReport).not.toBeChecked();
  await expect(page.getByText('switching this on emails the report to the client now')).toBeVisible();
  await autoReport.focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('interaction-report-mail')).toContainText('Report email:');

  const mail = await waitForMail(email, (m) => m.subject.includes('your report'));
  expect(mail.text).toContain('Harriet');
  expect(linkIn(mail, '/report/')).toMatch(/^\/report\/rdl_[A-Za-z0-9_-]{43}\/download$/);
  await screenshot(page, 'auto-report-switched-on');

  // Off and on again: still one report mail for this result.
  await autoReport.click();
  await expect(autoReport).not.toBeChecked();
  await autoReport.click();
  await expect(autoReport).toBeChecked();
  await page.reload();
  await expect(page.getByTestId('interaction-report-mail')).toHaveAttribute('data-state', 'SENT');
  expect((await caughtMails()).filter((m) => m.to.includes(email))).toHaveLength(1);
});

test('the adviser e-mails the report from the dashboard; the German client downloads it from the mail', async ({ page, browser }) => {
  await openLoginAndSignIn(page, ADVISER);
  const { email, clientToken, instanceToken } = await clientWithQuestionnaire(page.request, {
    product: 'BQ_RISK',
    firstName: 'Käthe',
    lastName: 'Brückner',
    locale: 'DE_DE',
  });
  await answerAndSubmit(page.request, instanceToken);
  await unlockOnDashboard(page, 'BQ_RISK', clientToken, instanceToken);

  // Issue 11: asked first, naming the address.
  await page.getByTestId('result-send-report-email').click();
  const confirm = page.getByRole('dialog', { name: 'Email the report to Brückner, Käthe?' });
  await expect(confirm).toContainText(`A new link to download the report goes to ${email}, in the client's language.`);
  await screenshot(page, 'report-email-confirm');
  await confirm.getByTestId('result-send-report-email-confirm').click();
  await expect(page.getByText(`The report mail to ${email} is queued.`, { exact: false })).toBeVisible();
  await screenshot(page, 'report-emailed-from-dashboard');
  const mail = await waitForMail(email, (m) => m.subject.includes('Ihr Bericht'));
  expect(mail.text).toMatch(/^Guten Tag Käthe Brückner,/);

  const { context, page: client } = await asClient(browser, 'de-DE');
  await client.goto(linkIn(mail, '/report/'));
  await expect(client.getByTestId('report-link-summary')).toContainText('für Käthe Brückner');
  const pdf = await downloadFrom(client, 'report-link-download');
  expect(pdf.text).toContain('Käthe Brückner');
  await context.close();

  // The interaction page says when the report went out (the mail server took it).
  await page.goto(`/BQ_RISK/client/${clientToken}/interaction/${instanceToken}`);
  await expect(page.getByTestId('interaction-report-mail')).toContainText('Report email: Sent on');
});
