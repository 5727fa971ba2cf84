// The header tick box: every client on this page (half-ticked when some are).
import { Checkbox } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClientSelection } from '../use-client-selection';

export function SelectPageCheckbox({ selection, tokens }: { selection: ClientSelection; tokens: string[] }) {
  const { t } = useTranslation();
  const ticked = tokens.filter((token) => selection.isSelected(token)).length;
  return (
    <Checkbox
      aria-label={t('bulkSend.select.page')}
      checked={tokens.length > 0 && ticked === tokens.length}
      indeterminate={ticked > 0 && ticked < tokens.length}
      disabled={selection.allMatching}
      onChange={(event) => selection.setPage(tokens, event.currentTarget.checked)}
      data-testid="bulk-select-page"
    />
  );
}
