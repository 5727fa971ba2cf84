// The list's search box: typing updates the URL's q after a short pause, so the server is asked once per pause,
// not once per key. A q changed from outside (reset filters, back button) replaces what the box shows.
import { useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export const SEARCH_DEBOUNCE_MS = 350;

export function ClientSearchInput({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  // The q this box last saw in or sent to the URL; a different value came from elsewhere.
  const [known, setKnown] = useState(value);
  if (value !== known) {
    setKnown(value);
    setDraft(value);
  }
  const commit = useDebouncedCallback((next: string) => {
    setKnown(next);
    onSearch(next);
  }, SEARCH_DEBOUNCE_MS);

  const change = (next: string) => {
    setDraft(next);
    commit(next.trim());
  };

  return (
    <TextInput
      type="search"
      label={t('clients.list.search.label')}
      placeholder={t('clients.list.search.placeholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        draft ? (
          <CloseButton
            size="sm"
            aria-label={t('clients.list.search.clear')}
            onClick={() => {
              commit.cancel();
              setDraft('');
              setKnown('');
              onSearch('');
            }}
          />
        ) : null
      }
      value={draft}
      onChange={(event) => change(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit.flush();
      }}
      maxLength={100}
      w={{ base: '100%', sm: 260 }}
      data-testid="client-search"
    />
  );
}
