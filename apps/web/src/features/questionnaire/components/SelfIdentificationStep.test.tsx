// The optional self-identification step: shown only when offered, each category with "prefer not to say", and what
// the candidate picks is sent for them and confirmed.
import { fireEvent, render as renderPlain, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSelfIdentificationForm } from '@bq/contracts/fairness';
import { loadLocaleTexts, resetTexts, seedTexts } from '../../../participant/texts';
import { enUsTexts } from '../../../test/i18n';
import { jsonResponse } from '../../../test/render';
import { SelfIdentificationStep } from './SelfIdentificationStep';

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

const render = () => renderPlain(<SelfIdentificationStep instanceToken={TOKEN} />);

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
    form = { offered: false, given: null, categories: [] };
    render();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('self-identification')).toBeNull();
  });
});
