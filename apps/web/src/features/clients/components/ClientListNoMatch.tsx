// The client list when clients exist but none is shown: filters exclude them all (reset them), or every client
// of the product is deactivated (show all of them).
import { Button, EmptyState } from '@mantine/core';
import { IconFilterOff, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ClientListNoMatchProps {
  reason: 'filters' | 'all-inactive';
  onReset: () => void;
  onShowAll: () => void;
}

export function ClientListNoMatch({ reason, onReset, onShowAll }: ClientListNoMatchProps) {
  const { t } = useTranslation();
  const filters = reason === 'filters';
  return (
    <EmptyState
      py="xl"
      icon={
        filters ? (
          <IconFilterOff size={28} stroke={1.6} aria-hidden />
        ) : (
          <IconUserOff size={28} stroke={1.6} aria-hidden />
        )
      }
      withIndicatorBackground
      title={t(filters ? 'clients.noMatch.title' : 'clients.noActive.title')}
      description={t(filters ? 'clients.noMatch.text' : 'clients.noActive.text')}
      data-testid={filters ? 'client-list-no-match' : 'client-list-no-active'}
    >
      <EmptyState.Actions>
        {filters ? (
          <Button variant="default" onClick={onReset} data-testid="client-list-reset-filters">
            {t('clients.noMatch.reset')}
          </Button>
        ) : (
          <Button variant="default" onClick={onShowAll} data-testid="client-list-show-all">
            {t('clients.noActive.showAll')}
          </Button>
        )}
      </EmptyState.Actions>
    </EmptyState>
  );
}
