// The optional self-identification step: shown only when offered (to the browser that submitted), each category with
// "prefer not to say", and what the candidate picks is sent for them and confirmed; what they stated before is
// shown, and fixed once a decision is recorded.
import { fireEvent, render as renderPlain, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSelfIdentificationForm } from '@bq/contracts/fairness';
import { loadLocaleTexts, resetTexts, seedTexts } from '../../../participant/texts';
import { enUsTexts } from '../../../test/i18n';
import { jsonResponse } from '../../../test/render';
import { SelfIdentificationStep, useSelfIdentificationForm } from './SelfIdentificationStep';

const TOKEN = 'tok-self';
const fetchMock = vi.fn<typeof fetch>();
let form: TSelfIdentificationForm;

beforeEach(async () => {
  resetTexts();
  seedTexts('EN_US', enUsTexts);
  await loadLocaleTexts('EN_US');
  form = {
    offered: true,
    given: null,
    changeable: true,
    categories: [
      { category: 'sex', options: [{ code: 'FEMALE' }, { code: 'MALE' }] },
      { category: 'ethnicGroup', options: [{ code: 'ASIAN' }, { code: 'OWN', label: 'Our own group' }] },
    ],
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    if (String(input) === `/api/q/${TOKEN}/self-identification`) return method === 'GET' ? jsonResponse(form) : jsonResponse({ saved: true });
    return jsonResponse({ errorKey: 'error.not_found', message: '' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

function Step() {
  return <SelfIdentificationStep instanceToken={TOKEN} form={useSelfIdentificationForm(TOKEN, true)} />;
}
const render = () => renderPlain(<Step />);

describe('the self-identification step', () => {
  it('offers each category with "prefer not to say", says why, and sends what was chosen', async () => {
    render();
    expect(await screen.findByText(enUsTexts['selfId.why']!)).toBeInTheDocument();
    expect(screen.getAllByLabelText(enUsTexts['fairness.option.PREFER_NOT_TO_SAY']!)).toHaveLength(2);
    expect(screen.getByLabelText('Our own group')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText(enUsTexts['fairness.option.sex.FEMALE']!));
    fireEvent.click(screen.getAllByLabelText(enUsTexts['fairness.option.PREFER_NOT_TO_SAY']!)[1]!);
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['selfId.submit']! }));
    expect(await screen.findByText(enUsTexts['selfId.saved']!)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ sex: 'FEMALE', ethnicGroup: 'PREFER_NOT_TO_SAY' });
  }, 20_000);

  it('shows nothing when the questionnaire does not ask', async () => {
    form = { offered: false, given: null, categories: [], changeable: false };
    render();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('self-identification')).toBeNull();
  });

  it('shows what this browser stated before and sends it with the change', async () => {
    form = { ...form, given: { sex: 'FEMALE', ethnicGroup: 'ASIAN' } };
    render();
    expect(await screen.findByLabelText(enUsTexts['fairness.option.sex.FEMALE']!)).toBeChecked();
    fireEvent.click(screen.getByLabelText(enUsTexts['fairness.option.sex.MALE']!));
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['selfId.submit']! }));
    expect(await screen.findByText(enUsTexts['selfId.saved']!)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ sex: 'MALE', ethnicGroup: 'ASIAN' });
  }, 20_000);

  it('once a decision is recorded: shows the statement fixed, says why, and offers no save', async () => {
    form = { ...form, given: { sex: 'FEMALE' }, changeable: false };
    render();
    const female = await screen.findByLabelText(enUsTexts['fairness.option.sex.FEMALE']!);
    expect(female).toBeChecked();
    expect(female).toBeDisabled();
    expect(screen.getByText(enUsTexts['selfId.decided']!)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: enUsTexts['selfId.submit']! })).toBeNull();
  });

  it('says why when a decision was recorded while the page was open (409), and keeps the loaded statement', async () => {
    form = { ...form, given: { sex: 'FEMALE' } };
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'POST'
        ? jsonResponse({ errorKey: 'error.self_identification.decided', message: '' }, 409)
        : jsonResponse(form),
    );
    render();
    fireEvent.click(await screen.findByLabelText(enUsTexts['fairness.option.sex.MALE']!));
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['selfId.submit']! }));
    expect(await screen.findByText(enUsTexts['selfId.decided']!)).toBeInTheDocument();
    expect(screen.getByLabelText(enUsTexts['fairness.option.sex.FEMALE']!)).toBeChecked();
    expect(screen.getByLabelText(enUsTexts['fairness.option.sex.MALE']!)).toBeDisabled();
  }, 20_000);
});
