// Picks clients of the product by name ("name, first name", or as the anonymisation allow-list shows them),
// searchable; the product's first 100 by name.
import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { clientDisplayName } from '../../../lib/client-display-name';
import { useClientSearch } from '../api/search-clients';

interface MemberPickerProps {
  productConfigurationId: string;
  value: string[];
  onChange: (tokens: string[]) => void;
  /** Clients already in the team are not offered again. */
  exclude?: string[];
  label: string;
  testId: string;
}

export function MemberPicker({ productConfigurationId, value, onChange, exclude = [], label, testId }: MemberPickerProps) {
  const { t } = useTranslation();
  const clients = useClientSearch(productConfigurationId, '');
  const data = (clients.data?.items ?? [])
    .filter((c) => !exclude.includes(c.token))
    .map((c) => ({ value: c.token, label: clientDisplayName(c) }));
  return (
    <MultiSelect
      label={label}
      placeholder={value.length === 0 ? t('teams.members.pickPlaceholder') : undefined}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={t('teams.members.nothingFound')}
      disabled={clients.isLoading}
      data-testid={testId}
      maw={520}
    />
  );
}
