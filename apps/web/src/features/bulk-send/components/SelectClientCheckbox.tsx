// The tick box of one client row or card, named for the client so a screen reader says whom it selects.
import { Checkbox } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClientSelection } from '../use-client-selection';

export function SelectClientCheckbox({ selection, token, name }: { selection: ClientSelection; token: string; name: string }) {
  const { t } = useTranslation();
  return (
    <Checkbox
      aria-label={t('bulkSend.select.client', { name })}
      checked={selection.isSelected(token)}
      disabled={selection.allMatching}
      onChange={(event) => selection.toggle(token, event.currentTarget.checked)}
      onClick={(event) => event.stopPropagation()}
      data-testid={`bulk-select-${token}`}
    />
  );
}
