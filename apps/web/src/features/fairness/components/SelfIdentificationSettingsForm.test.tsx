// What candidates are asked: the defaults listed with their translations, a category switched off, an own option
// added (its code made from the label) and a default removed, and exactly that sent; at least two options stay.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSelfIdSettingsFor, type TSelfIdentificationSettings, type TSelfIdentificationSettingsView } from '@bq/contracts/fairness';
import { queryClientWithUser, userOf } from '../../../test/fixtures';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { SelfIdentificationSettingsForm } from './SelfIdentificationSettingsForm';

const PATH = '/api/fairness/self-identification/settings';
const SAVED: TSelfIdentificationSettingsView = {
  saved: true,
  defaultsLocale: 'EN_US',
  categories: [
    { category: 'sex', asked: true, options: [{ code: 'FEMALE' }, { code: 'MALE' }] },
    { category: 'ageBand', asked: true, options: [{ code: 'UNDER_40' }, { code: 'AGE_40_PLUS' }] },
    { category: 'ethnicGroup', asked: true, options: [{ code: 'WHITE' }, { code: 'ASIAN' }, { code: 'TWO_OR_MORE_RACES' }] },
  ],
};
const fetchMock = vi.fn<typeof fetch>();
const fill = (key: string, values: Record<string, string>) => enUsTexts[key]!.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k]!);

beforeAll(() => initTestI18n());
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) =>
    String(input) === PATH && init?.method === 'PUT' ? jsonResponse(JSON.parse(String(init.body))) : jsonResponse({ errorKey: 'error.not_found' }, 404),
  );
  vi.stubGlobal('fetch', fetchMock);
});

const render = (saved: TSelfIdentificationSettingsView = SAVED) =>
  renderWithProviders(<SelfIdentificationSettingsForm saved={saved} />, { route: '/BQ_SELECTION/fairness', queryClient: queryClientWithUser(userOf({})) });
const sent = () => fetchMock.mock.calls.filter(([url, i]) => String(url) === PATH && i?.method === 'PUT').map(([, i]) => JSON.parse(String(i?.body)) as TSelfIdentificationSettings);

describe('what candidates are asked', () => {
  it('saves a category switched off, an option added in own words and a default removed', async () => {
    render();
    const sex = screen.getByTestId('self-id-settings-sex');
    expect(within(sex).getByText('Female')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: fill('fairness.settings.ask', { category: enUsTexts['selfId.category.ageBand']! }) }));
    fireEvent.change(within(sex).getByLabelText(fill('fairness.settings.newOption', { category: 'Sex' })), { target: { value: 'Non-binary' } });
    fireEvent.click(within(sex).getByRole('button', { name: enUsTexts['fairness.settings.add'] }));
    expect(within(sex).getByText('Non-binary')).toBeInTheDocument();
    const ethnic = screen.getByTestId('self-id-settings-ethnicGroup');
    fireEvent.click(within(ethnic).getByRole('button', { name: fill('fairness.settings.remove', { option: 'Asian' }) }));
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['fairness.settings.save'] }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toEqual({
      categories: [
        { category: 'sex', asked: true, options: [{ code: 'FEMALE' }, { code: 'MALE' }, { code: 'NON_BINARY', label: 'Non-binary' }] },
        { category: 'ageBand', asked: false, options: [{ code: 'UNDER_40' }, { code: 'AGE_40_PLUS' }] },
        { category: 'ethnicGroup', asked: true, options: [{ code: 'WHITE' }, { code: 'TWO_OR_MORE_RACES' }] },
      ],
    });
  });

  it('keeps two options at least and refuses an option that is listed already', () => {
    render();
    const sex = screen.getByTestId('self-id-settings-sex');
    expect(within(sex).getByRole('button', { name: fill('fairness.settings.remove', { option: 'Male' }) })).toBeDisabled();
    fireEvent.change(within(sex).getByLabelText(fill('fairness.settings.newOption', { category: 'Sex' })), { target: { value: ' female ' } });
    expect(within(sex).getByText(enUsTexts['fairness.settings.duplicate']!)).toBeInTheDocument();
    expect(within(sex).getByRole('button', { name: enUsTexts['fairness.settings.add'] })).toBeDisabled();
  });

  it("in a German account: ethnic group off by default, with why and when to switch it on; restoring gives those defaults", async () => {
    const ethnicSwitch = () => screen.getByRole('switch', { name: fill('fairness.settings.ask', { category: enUsTexts['selfId.category.ethnicGroup']! }) });
    const view = render({ ...defaultSelfIdSettingsFor('DE_DE'), saved: false, defaultsLocale: 'DE_DE' });
    expect(ethnicSwitch()).not.toBeChecked();
    expect(screen.getByTestId('self-id-ethnic-note')).toHaveTextContent(enUsTexts['fairness.settings.ethnicOff']!);
    fireEvent.click(ethnicSwitch());
    expect(screen.queryByTestId('self-id-ethnic-note')).toBeNull();
    view.unmount();
    // Saved with all three, the account keeps them; "Restore the defaults" gives its language's.
    render({ ...SAVED, defaultsLocale: 'DE_DE' });
    expect(ethnicSwitch()).toBeChecked();
    fireEvent.click(screen.getByTestId('self-id-settings-defaults'));
    await waitFor(() => expect(ethnicSwitch()).not.toBeChecked());
  });
});
