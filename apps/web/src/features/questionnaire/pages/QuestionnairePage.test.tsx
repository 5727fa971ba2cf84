import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAnswerProgress, TPublicInteraction, TQuestionnaire } from '@bq/contracts/questionnaire';
import deBqui from '../../../../../server/src/features/translations/data/DE_DE/BQUI.json';
import { resetTexts, seedTexts } from '../../../participant/texts';
import { enUsTexts } from '../../../test/i18n';
import { jsonResponse } from '../../../test/render';
import { SMALL_SCREEN_QUERY } from '../use-one-question-per-screen';
import { unsavedAnswersStorageKey } from '../unsaved-answers';
import { QuestionnairePage } from './QuestionnairePage';

const TOKEN = 'tok-1';
const text = (key: string) => enUsTexts[key]!;
const fill = (key: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce(
    (result, [name, value]) => result.replace(`{{${name}}}`, String(value)),
    text(key),
  );

const interaction: TPublicInteraction = {
  id: 'demo',
  version: 1,
  estimatedMinutes: 7,
  nameKey: 'demo_name',
  introKey: 'demo_intro',
  outroKey: 'demo_outro',
  scales: [{ id: 'agree5', points: [1, 2, 3, 4, 5].map((value) => ({ value, labelKey: `agree_${value}` })) }],
  pages: [
    { key: 'p1', titleKey: 'page_one', itemKeys: ['q1', 'q2'] },
    { key: 'p2', titleKey: 'page_two', itemKeys: ['q3', 'q4'] },
    { key: 'p3', titleKey: 'page_three', itemKeys: ['q5'] },
  ],
  items: [
    { key: 'q1', type: 'likert', textKey: 'q1_text', required: true, scale: 'agree5' },
    {
      key: 'q2',
      type: 'choice',
      textKey: 'q2_text',
      required: true,
      options: [
        { key: 'yes', labelKey: 'q2_yes' },
        { key: 'no', labelKey: 'q2_no' },
      ],
    },
    { key: 'q3', type: 'likert', textKey: 'q3_text', required: true, scale: 'agree5' },
    { key: 'q4', type: 'likert', textKey: 'q4_text', required: false, scale: 'agree5' },
    {
      key: 'q5',
      type: 'choice',
      textKey: 'q5_text',
      required: true,
      options: [
        { key: 'short', labelKey: 'q5_short' },
        { key: 'long', labelKey: 'q5_long' },
      ],
    },
  ],
};

const texts: Record<string, string> = {
  demo_name: 'Risk profile',
  demo_intro: 'We would like to understand how you invest.',
  demo_outro: 'Your adviser will go through your risk profile with you.',
  page_one: 'Your approach',
  page_two: 'Your finances',
  page_three: 'Your horizon',
  q1_text: 'I enjoy taking financial risks.',
  q2_text: 'Do you own shares?',
  q2_yes: 'Yes',
  q2_no: 'No',
  q3_text: 'I have savings for emergencies.',
  q4_text: 'I read financial news.',
  q5_text: 'How long do you plan to invest?',
  q5_short: 'Under 3 years',
  q5_long: '3 years or more',
  agree_1: 'Strongly disagree',
  agree_2: 'Disagree',
  agree_3: 'Neutral',
  agree_4: 'Agree',
  agree_5: 'Strongly agree',
};

const ALL_ANSWERS = { q1: 4, q2: 'yes', q3: 2, q4: 5, q5: 'long' };

function questionnaireOf(overrides: Partial<TQuestionnaire> = {}): TQuestionnaire {
  return {
    instanceToken: TOKEN,
    status: 'OPENED',
    expiresAt: '2026-12-31T12:00:00Z',
    locale: 'EN_US',
    participantFirstName: 'Anna',
    participantLastName: 'Müller',
    participantSalutation: 'NEUTRAL',
    accountName: 'Nordbank Advisory',
    interaction,
    texts,
    answers: {},
    accessLogDays: 30,
    ...overrides,
  };
}

function progressOf(answers: Record<string, string | number>, status: TAnswerProgress['status'] = 'OPENED') {
  const missingRequired = interaction.items
    .filter((i) => i.required && !(i.key in answers))
    .map((i) => i.key);
  return { status, answers, answered: Object.keys(answers).length, total: 5, missingRequired };
}

const error = (status: number, errorKey: string) => jsonResponse({ errorKey, message: errorKey }, status);

const fetchMock = vi.fn<typeof fetch>();
let getReply: () => Response;
let putReply: (answers: Record<string, string | number | null>) => Response;
let postReply: () => Response;
let selfIdReply: () => Response;
let saved: Record<string, string | number>;

/** The screen's width as matchMedia answers it (jsdom has none). */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === SMALL_SCREEN_QUERY && width < 480,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => {
  resetTexts();
  seedTexts('EN_US', enUsTexts);
  screenWidth(1024);
  window.localStorage.clear();
  saved = {};
  getReply = () => jsonResponse(questionnaireOf());
  putReply = (answers) => {
    for (const [key, value] of Object.entries(answers)) {
      if (value === null) delete saved[key];
      else saved[key] = value;
    }
    return jsonResponse(progressOf(saved));
  };
  postReply = () => jsonResponse(progressOf(ALL_ANSWERS, 'FILLED'));
  selfIdReply = () => jsonResponse({ offered: false, given: null, categories: [], changeable: false });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === `/api/q?token=${TOKEN}`) return getReply();
    if (method === 'PUT' && url === `/api/q/${TOKEN}/answers`) {
      return putReply(
        (JSON.parse(String(init?.body)) as { answers: Record<string, string | number | null> }).answers,
      );
    }
    if (method === 'POST' && url === `/api/q/${TOKEN}/submit`) return postReply();
    if (method === 'GET' && url === `/api/q/${TOKEN}/self-identification`) return selfIdReply();
    if (url.startsWith('/api/i18ns?language=DE_DE')) {
      return jsonResponse(
        Object.entries(deBqui).map(([key, value]) => ({
          key,
          text: value,
          textType: 'BQUI',
          language: 'DE_DE',
        })),
      );
    }
    return error(404, 'error.not_found');
  });
  vi.stubGlobal('fetch', fetchMock);
});

const callsTo = (method: string, url: string) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method);
const savedBodies = () =>
  callsTo('PUT', `/api/q/${TOKEN}/answers`).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

function renderPage() {
  return render(<QuestionnairePage instanceToken={TOKEN} />);
}

const item = (key: string) => screen.getByTestId(`questionnaire-item-${key}`);
const radio = (itemKey: string, name: string) => within(item(itemKey)).getByRole('radio', { name });
const pageTitle = () => screen.getByTestId('questionnaire-page-title');

describe('the notice before an assessment questionnaire (docs/decisions/0053)', () => {
  it('comes before the first page with the retention period, contact and own text; one button opens the questionnaire', async () => {
    window.sessionStorage.clear();
    getReply = () =>
      jsonResponse(
        questionnaireOf({ assessmentNotice: { kind: 'SELECTION', retentionMonths: 9, contact: 'HR, hr@example.com', accountText: 'Only for this role.' } }),
      );
    renderPage();
    const notice = await screen.findByTestId('assessment-notice');
    expect(notice).toHaveTextContent(enUsTexts['questionnaire.assessmentNotice.title']!);
    expect(screen.getByTestId('assessment-notice-retention')).toHaveTextContent('9 months');
    expect(screen.getByTestId('assessment-notice-contact')).toHaveTextContent('HR, hr@example.com');
    expect(screen.getByTestId('assessment-notice-account-text')).toHaveTextContent('Only for this role.');
    expect(screen.queryByTestId('questionnaire-intro')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['questionnaire.assessmentNotice.continue'] }));
    expect(await screen.findByTestId('questionnaire-intro')).toBeInTheDocument();
    expect(screen.queryByTestId('assessment-notice')).not.toBeInTheDocument();
  });
});

describe('participant questionnaire', () => {
  it('greets with the salutation the adviser chose, as the mails do: "Guten Tag Frau Müller!", "Welcome, Mr. Müller!"', async () => {
    getReply = () => jsonResponse(questionnaireOf({ locale: 'DE_DE', participantSalutation: 'MS' }));
    const { unmount } = renderPage();
    expect(await screen.findByTestId('questionnaire-greeting')).toHaveTextContent(/^Guten Tag Frau Müller!$/);
    unmount();
    getReply = () => jsonResponse(questionnaireOf({ participantSalutation: 'MR' }));
    renderPage();
    await waitFor(() => expect(screen.getByTestId('questionnaire-greeting')).toHaveTextContent(/^Welcome, Mr\. Müller!$/));
  });

  it("greets the participant and shows the first page in the client's texts", async () => {
    renderPage();
    expect(await screen.findByTestId('questionnaire')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Risk profile' })).toBeInTheDocument();
    const intro = screen.getByTestId('questionnaire-intro');
    expect(intro).toHaveTextContent(
      fill('questionnaire.greeting', { firstName: 'Anna', lastName: 'Müller' }),
    );
    expect(intro).toHaveTextContent(fill('questionnaire.invitedBy', { accountName: 'Nordbank Advisory' }));
    expect(intro).toHaveTextContent('We would like to understand how you invest.');
    expect(intro).toHaveTextContent(fill('questionnaire.duration', { minutes: 7 }));
    expect(intro).toHaveTextContent(fill('questionnaire.expiresOn', { date: '12/31/2026' }));

    expect(pageTitle()).toHaveTextContent('Your approach');
    expect(screen.getByTestId('questionnaire-page-indicator')).toHaveTextContent(
      fill('questionnaire.progress.page', { page: 1, pages: 3 }),
    );
    const progress = screen.getByRole('progressbar', { name: text('questionnaire.progress.label') });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(progress).toHaveAttribute('aria-valuemax', '5');
    expect(progress).toHaveAttribute(
      'aria-valuetext',
      fill('questionnaire.progress.answered', { answered: 0, total: 5 }),
    );

    const likert = screen.getByRole('radiogroup', { name: 'I enjoy taking financial risks.' });
    expect(likert).toHaveAttribute('aria-required', 'true');
    expect(
      within(likert)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(likert).getByRole('radio', { name: 'Strongly agree' })).toBeInTheDocument();
    expect(within(item('q2')).getAllByRole('radio')).toHaveLength(2);
    expect(screen.queryByTestId('questionnaire-back')).not.toBeInTheDocument();
    expect(screen.getByTestId('questionnaire-save-status')).toHaveAttribute('data-state', 'idle');
  });

  it('refuses to go on with unanswered required questions, marks them and focuses the first', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('questionnaire-next'));
    expect(pageTitle()).toHaveTextContent('Your approach');
    for (const key of ['q1', 'q2']) {
      expect(item(key)).toHaveAttribute('aria-invalid', 'true');
      expect(item(key)).toHaveTextContent(text('questionnaire.item.required'));
    }
    await waitFor(() => expect(radio('q1', 'Strongly disagree')).toHaveFocus());

    fireEvent.click(radio('q1', 'Agree'));
    expect(item('q1')).not.toHaveAttribute('aria-invalid');
    fireEvent.click(screen.getByTestId('questionnaire-next'));
    expect(pageTitle()).toHaveTextContent('Your approach');
    await waitFor(() => expect(radio('q2', 'Yes')).toHaveFocus());

    fireEvent.click(radio('q2', 'No'));
    fireEvent.click(screen.getByTestId('questionnaire-next'));
    expect(pageTitle()).toHaveTextContent('Your finances');
    await waitFor(() => expect(pageTitle()).toHaveFocus());
    expect(screen.getByTestId('questionnaire-page-indicator')).toHaveTextContent(
      fill('questionnaire.progress.page', { page: 2, pages: 3 }),
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
    // An optional question does not hold the participant back; going back keeps the answers.
    fireEvent.click(radio('q3', 'Neutral'));
    fireEvent.click(screen.getByTestId('questionnaire-back'));
    expect(pageTitle()).toHaveTextContent('Your approach');
    expect(radio('q2', 'No')).toBeChecked();
  });

  it('tells the participant before the first answer what the page does: each answer saved as given, the visit logged', async () => {
    getReply = () => jsonResponse(questionnaireOf({ accessLogDays: 14 }));
    renderPage();
    const notice = await screen.findByTestId('questionnaire-saving-notice');
    expect(notice).toHaveTextContent(text('questionnaire.privacyPolicy.saving').replace('{{days}}', '14'));
    expect(notice).toHaveTextContent('deletes that record after 14 days');
    // The platform's notice no longer promises what the page does not keep (issue 37 point 4).
    expect(screen.getByTestId('questionnaire-privacy-policy')).not.toHaveTextContent(/nothing is sent until you submit/i);
    // And what it says is what happens: the first answer goes to the server at once, long before any submit.
    fireEvent.click(await screen.findByRole('radio', { name: 'Agree' }));
    await waitFor(() => expect(savedBodies()).toEqual([{ answers: { q1: 4 } }]));
    expect(callsTo('POST', `/api/q/${TOKEN}/submit`)).toHaveLength(0);
  });

  it("keeps the saving notice under an account's own privacy policy", async () => {
    getReply = () => jsonResponse(questionnaireOf({ privacyPolicy: { text: 'Our own policy.', locale: 'EN_US', updatedAt: '2026-11-01T00:00:00Z' } }));
    renderPage();
    expect(await screen.findByTestId('questionnaire-saving-notice')).toHaveTextContent(text('questionnaire.privacyPolicy.saving').replace('{{days}}', '30'));
  });

  it('says "close this window" after the optional self-identification, not before it (issue 37 point 11)', async () => {
    getReply = () => jsonResponse(questionnaireOf({ status: 'FILLED' }));
    selfIdReply = () =>
      jsonResponse({ offered: true, given: null, changeable: true, categories: [{ category: 'sex', options: [{ code: 'FEMALE' }, { code: 'MALE' }] }] });
    renderPage();
    const step = await screen.findByTestId('self-identification');
    const thanks = screen.getByTestId('questionnaire-already-submitted');
    expect(thanks).toHaveTextContent(text('questionnaire.alreadySubmitted.received').replace('{{accountName}}', 'Nordbank Advisory'));
    expect(thanks).not.toHaveTextContent(/close this window/);
    const close = within(step).getByTestId('self-identification-close');
    expect(close).toHaveTextContent(text('questionnaire.thankYou.text'));
    // The closing line is the step's last word: after its questions and its button.
    expect(within(step).getByRole('button', { name: text('selfId.submit') }).compareDocumentPosition(close) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('keeps "close this window" in the thanks when no optional step follows', async () => {
    getReply = () => jsonResponse(questionnaireOf({ status: 'FILLED' }));
    renderPage();
    expect(await screen.findByTestId('questionnaire-already-submitted')).toHaveTextContent(/close this window/);
    await waitFor(() => expect(callsTo('GET', `/api/q/${TOKEN}/self-identification`)).toHaveLength(1));
    expect(screen.queryByTestId('self-identification')).toBeNull();
  });

  it('saves each answer as it is given', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: 'Agree' }));
    const status = screen.getByTestId('questionnaire-save-status');
    expect(status).toHaveAttribute('data-state', 'saving');
    expect(status).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(status).toHaveAttribute('data-state', 'saved'));
    expect(status).toHaveTextContent(text('questionnaire.save.saved'));
    expect(savedBodies()).toEqual([{ answers: { q1: 4 } }]);
    const [, init] = callsTo('PUT', `/api/q/${TOKEN}/answers`)[0]!;
    expect((init?.headers as Record<string, string>)['X-Source']).toBe('web');

    fireEvent.click(radio('q2', 'No'));
    await waitFor(() => expect(savedBodies()).toHaveLength(2));
    expect(savedBodies()[1]).toEqual({ answers: { q2: 'no' } });
    expect(window.localStorage.getItem(unsavedAnswersStorageKey(TOKEN))).toBeNull();
  });

  it('keeps answers in this browser while saving fails and sends them when back online', async () => {
    putReply = () => {
      throw new TypeError('Failed to fetch');
    };
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: 'Agree' }));
    const status = screen.getByTestId('questionnaire-save-status');
    await waitFor(() => expect(status).toHaveAttribute('data-state', 'error'));
    expect(status).toHaveTextContent(text('questionnaire.save.retrying'));
    expect(JSON.parse(window.localStorage.getItem(unsavedAnswersStorageKey(TOKEN)) ?? 'null')).toEqual({
      q1: 4,
    });
    expect(radio('q1', 'Agree')).toBeChecked();

    putReply = (answers) => jsonResponse(progressOf(answers as Record<string, number>));
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(status).toHaveAttribute('data-state', 'saved'));
    expect(savedBodies().at(-1)).toEqual({ answers: { q1: 4 } });
    expect(window.localStorage.getItem(unsavedAnswersStorageKey(TOKEN))).toBeNull();
  });

  it('restores answers left unsaved in this browser and sends them', async () => {
    window.localStorage.setItem(unsavedAnswersStorageKey(TOKEN), JSON.stringify({ q2: 'no' }));
    getReply = () => jsonResponse(questionnaireOf({ answers: { q1: 2 } }));
    renderPage();
    await waitFor(() => expect(savedBodies()).toEqual([{ answers: { q2: 'no' } }]));
    // Both questions of page 1 are answered, so the participant continues on page 2.
    expect(pageTitle()).toHaveTextContent('Your finances');
    fireEvent.click(screen.getByTestId('questionnaire-back'));
    expect(radio('q1', 'Disagree')).toBeChecked();
    expect(radio('q2', 'No')).toBeChecked();
  });

  it('resumes at the first page with an unanswered required question', async () => {
    getReply = () => jsonResponse(questionnaireOf({ answers: { q1: 4, q2: 'yes', q4: 3 } }));
    renderPage();
    expect(await screen.findByTestId('questionnaire-page-title')).toHaveTextContent('Your finances');
    expect(screen.getByTestId('questionnaire-welcome-back')).toHaveTextContent(
      fill('questionnaire.welcomeBack', { firstName: 'Anna', lastName: 'Müller' }),
    );
    expect(radio('q4', 'Neutral')).toBeChecked();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
    expect(pageTitle()).not.toHaveFocus();
  });

  it('reviews the answers after the last page, submits from the review and thanks the participant', async () => {
    getReply = () => jsonResponse(questionnaireOf({ answers: { q1: 4, q2: 'yes', q3: 2 } }));
    renderPage();
    expect(await screen.findByTestId('questionnaire-page-title')).toHaveTextContent('Your horizon');
    expect(screen.queryByTestId('questionnaire-next')).not.toBeInTheDocument();
    expect(screen.queryByTestId('questionnaire-submit')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('questionnaire-review-open'));
    expect(item('q5')).toHaveTextContent(text('questionnaire.item.required'));
    expect(screen.queryByTestId('questionnaire-review')).not.toBeInTheDocument();

    fireEvent.click(radio('q5', '3 years or more'));
    fireEvent.click(screen.getByTestId('questionnaire-review-open'));
    expect(await screen.findByTestId('questionnaire-review')).toBeInTheDocument();
    expect(callsTo('POST', `/api/q/${TOKEN}/submit`)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('questionnaire-submit'));
    const thanks = await screen.findByTestId('questionnaire-thank-you');
    // The last answer was saved before the questionnaire was handed in.
    expect(savedBodies()).toEqual([{ answers: { q5: 'long' } }]);
    expect(callsTo('POST', `/api/q/${TOKEN}/submit`)).toHaveLength(1);
    const heading = within(thanks).getByRole('heading', {
      name: fill('questionnaire.thankYou.title', { accountName: 'Nordbank Advisory' }),
    });
    // The focus moves in an effect after the thanks rendered: under load that is a moment later.
    await waitFor(() => expect(heading).toHaveFocus());
    // The outro does the thanking; the heading says what happened, so "Thank you" is not said twice.
    expect(heading).not.toHaveTextContent(/thank/i);
    expect(thanks).toHaveTextContent('Your adviser will go through your risk profile with you.');
    expect(thanks).toHaveTextContent(text('questionnaire.thankYou.text'));
  });

  it('sends a key of its own with the submit, and the same key again when the first answer was lost', async () => {
    getReply = () => jsonResponse(questionnaireOf({ answers: ALL_ANSWERS }));
    // The first submit reaches the server, but its answer never comes back.
    let lost = true;
    postReply = () => {
      if (lost) {
        lost = false;
        throw new TypeError('network down');
      }
      return jsonResponse(progressOf(ALL_ANSWERS, 'FILLED'));
    };
    renderPage();
    fireEvent.click(await screen.findByTestId('questionnaire-review-open'));
    fireEvent.click(await screen.findByTestId('questionnaire-submit'));
    expect(await screen.findByText(text('questionnaire.submitFailed.title'))).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('questionnaire-submit'));
    expect(await screen.findByTestId('questionnaire-thank-you')).toBeInTheDocument();
    const keys = callsTo('POST', `/api/q/${TOKEN}/submit`).map(([, init]) => (JSON.parse(String(init?.body)) as { participantKey: string }).participantKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('lists what the server still misses when it refuses the submission, and opens that page', async () => {
    getReply = () => jsonResponse(questionnaireOf({ answers: ALL_ANSWERS }));
    postReply = () => error(400, 'error.questionnaire.incomplete');
    renderPage();
    expect(await screen.findByTestId('questionnaire-page-title')).toHaveTextContent('Your horizon');
    getReply = () => jsonResponse(questionnaireOf({ answers: { q1: 4, q2: 'yes', q5: 'long' } }));
    fireEvent.click(screen.getByTestId('questionnaire-review-open'));
    fireEvent.click(await screen.findByTestId('questionnaire-submit'));

    const missing = await screen.findByTestId('questionnaire-missing');
    expect(missing).toHaveTextContent(
      fill('questionnaire.missing.item', { page: 2, question: 'I have savings for emergencies.' }),
    );
    expect(missing).not.toHaveTextContent('I read financial news.');
    expect(pageTitle()).toHaveTextContent('Your finances');
    expect(item('q3')).toHaveTextContent(text('questionnaire.item.required'));
    await waitFor(() => expect(radio('q3', 'Strongly disagree')).toHaveFocus());
    expect(screen.queryByTestId('questionnaire-thank-you')).not.toBeInTheDocument();
  });

  it('shows every answer on a review page, lets the participant change one by keyboard and come back, and sends nothing before submitting', async () => {
    getReply = () => jsonResponse(questionnaireOf({ answers: { q1: 4, q2: 'yes', q3: 2, q5: 'long' } }));
    renderPage();
    fireEvent.click(await screen.findByTestId('questionnaire-review-open'));
    const review = await screen.findByTestId('questionnaire-review');
    const heading = within(review).getByRole('heading', {
      level: 2,
      name: text('questionnaire.review.title'),
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByTestId('questionnaire-page-indicator')).toHaveTextContent(
      fill('questionnaire.progress.page', { page: 3, pages: 3 }),
    );
    // Page by page, each question with the answer in words; the optional one left open says so.
    for (const title of ['Your approach', 'Your finances', 'Your horizon']) {
      expect(within(review).getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    const answerOf = (key: string) =>
      within(screen.getByTestId(`questionnaire-review-${key}`)).getByRole('definition');
    expect(answerOf('q1')).toHaveTextContent('Agree');
    expect(answerOf('q2')).toHaveTextContent('Yes');
    expect(answerOf('q3')).toHaveTextContent('Disagree');
    expect(answerOf('q4')).toHaveTextContent(text('questionnaire.review.notAnswered'));
    expect(answerOf('q5')).toHaveTextContent('3 years or more');

    // "Change" is a button named for its question; it opens that page with the focus on the question.
    const change = within(review).getByRole('button', {
      name: fill('questionnaire.review.changeLabel', { question: 'Do you own shares?' }),
    });
    change.focus();
    fireEvent.click(change);
    expect(pageTitle()).toHaveTextContent('Your approach');
    await waitFor(() => expect(radio('q2', 'Yes')).toHaveFocus());
    fireEvent.click(radio('q2', 'No'));
    // Straight back to the review, not through the remaining pages.
    expect(screen.queryByTestId('questionnaire-next')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('questionnaire-back-to-review'));
    expect(await screen.findByTestId('questionnaire-review')).toBeInTheDocument();
    expect(answerOf('q2')).toHaveTextContent('No');
    expect(callsTo('POST', `/api/q/${TOKEN}/submit`)).toHaveLength(0);

    // Back from the review is the last page.
    fireEvent.click(screen.getByTestId('questionnaire-review-back'));
    expect(pageTitle()).toHaveTextContent('Your horizon');
    fireEvent.click(screen.getByTestId('questionnaire-review-open'));
    fireEvent.click(await screen.findByTestId('questionnaire-submit'));
    expect(await screen.findByTestId('questionnaire-thank-you')).toBeInTheDocument();
    expect(callsTo('POST', `/api/q/${TOKEN}/submit`)).toHaveLength(1);
    expect(savedBodies()).toContainEqual({ answers: { q2: 'no' } });
  });

  it('reviews in the client’s language', async () => {
    getReply = () => jsonResponse(questionnaireOf({ locale: 'DE_DE', answers: ALL_ANSWERS }));
    renderPage();
    fireEvent.click(await screen.findByTestId('questionnaire-review-open'));
    const review = await screen.findByTestId('questionnaire-review');
    expect(within(review).getByRole('heading', { level: 2 })).toHaveTextContent(
      deBqui['questionnaire.review.title'],
    );
    expect(screen.getByTestId('questionnaire-submit')).toHaveTextContent(deBqui['questionnaire.submit']);
    expect(within(review).getAllByRole('button', { name: /^Antwort ändern: / })).toHaveLength(5);
  });

  it.each([
    ['expired', 410, 'error.interaction.expired', 'questionnaire-expired', 'questionnaire.expired.title'],
    ['closed', 410, 'error.interaction.closed', 'questionnaire-closed', 'questionnaire.closed.title'],
    ['unknown', 404, 'error.not_found', 'questionnaire-not-found', 'questionnaire.notFound.title'],
  ])('explains a link that is %s', async (_label, status, errorKey, testId, titleKey) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    getReply = () => error(status, errorKey);
    renderPage();
    const notice = await screen.findByTestId(testId);
    expect(within(notice).getByRole('heading', { level: 1 })).toHaveTextContent(text(titleKey));
    expect(screen.queryByTestId('questionnaire')).not.toBeInTheDocument();
  });

  it('says so when the questionnaire was submitted before', async () => {
    getReply = () => jsonResponse(questionnaireOf({ status: 'RESULTS_AVAILABLE', answers: ALL_ANSWERS }));
    renderPage();
    expect(await screen.findByTestId('questionnaire-already-submitted')).toHaveTextContent(
      text('questionnaire.alreadySubmitted.title'),
    );
  });

  it('shows the already-submitted notice when a save is refused because it was submitted elsewhere', async () => {
    putReply = () => error(409, 'error.interaction.already_submitted');
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: 'Agree' }));
    expect(await screen.findByTestId('questionnaire-already-submitted')).toBeInTheDocument();
    expect(window.localStorage.getItem(unsavedAnswersStorageKey(TOKEN))).toBeNull();
  });

  it('offers to try again when the questionnaire cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    getReply = () => error(500, 'error.general');
    renderPage();
    const retry = await screen.findByRole('button', { name: text('common.retry') });
    expect(screen.getByText(text('questionnaire.loadFailed.title'))).toBeInTheDocument();
    getReply = () => jsonResponse(questionnaireOf());
    fireEvent.click(retry);
    expect(await screen.findByTestId('questionnaire')).toBeInTheDocument();
  });

  it("speaks the client's language in the page's own texts without storing a choice", async () => {
    getReply = () => jsonResponse(questionnaireOf({ locale: 'DE_DE' }));
    renderPage();
    expect(await screen.findByTestId('questionnaire-next')).toHaveTextContent(deBqui['questionnaire.next']);
    expect(screen.getByTestId('questionnaire-page-indicator')).toHaveTextContent('Seite 1 von 3');
    expect(document.documentElement.lang).toBe('de-DE');
    expect(window.localStorage.getItem('bq.locale')).toBeNull();
  });
});

describe('on a small screen (issue 27)', () => {
  it('asks one question per screen below 480 px, counts questions, and reviews them by page', async () => {
    screenWidth(390);
    renderPage();
    expect(await screen.findByTestId('questionnaire')).toHaveAttribute('data-one-question');
    expect(screen.getAllByRole('radiogroup')).toHaveLength(1);
    expect(screen.getByTestId('questionnaire-page-indicator')).toHaveTextContent(
      fill('questionnaire.progress.question', { question: 1, questions: 5 }),
    );
    fireEvent.click(radio('q1', 'Agree'));
    fireEvent.click(screen.getByTestId('questionnaire-next'));
    expect(pageTitle()).toHaveTextContent('Your approach');
    expect(item('q2')).toBeInTheDocument();
    expect(screen.queryByTestId('questionnaire-item-q1')).not.toBeInTheDocument();
    expect(screen.getByTestId('questionnaire-page-indicator')).toHaveTextContent(
      fill('questionnaire.progress.question', { question: 2, questions: 5 }),
    );
    // A required question still holds the participant back, one at a time.
    fireEvent.click(screen.getByTestId('questionnaire-next'));
    expect(item('q2')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(screen.getByTestId('questionnaire-back'));
    expect(radio('q1', 'Agree')).toBeChecked();
  });

  it('shows whole pages on a small screen when the account turned it off', async () => {
    screenWidth(390);
    getReply = () => jsonResponse(questionnaireOf({ oneQuestionPerScreen: false }));
    renderPage();
    expect(await screen.findByTestId('questionnaire')).not.toHaveAttribute('data-one-question');
    expect(screen.getAllByRole('radiogroup')).toHaveLength(2);
  });

  it('gives every answer a tap target of at least 44 px (the whole option is its label)', async () => {
    renderPage();
    const option = (await screen.findByRole('radio', { name: 'Agree' })).closest('label');
    expect(option).toHaveClass('p-option');
    const css = readFileSync(join(import.meta.dirname, '../../../participant/participant.css'), 'utf8');
    const rule = /\.p-option \{[^}]*min-height: (\d+)px/.exec(css);
    expect(Number(rule?.[1])).toBeGreaterThanOrEqual(44);
  });
});
