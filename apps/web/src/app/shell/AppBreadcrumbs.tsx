// The global breadcrumb, built from the `crumbs` of the matched routes (e.g. Products > Risk profiling > Clients);
// an entry may bring its own label (a client's name) instead of a translation key.
import { Anchor, Box, Breadcrumbs, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/ui/AppLink';
import { routeHandleOf } from '../route-handle';

export function AppBreadcrumbs() {
  const { t } = useTranslation();
  const matches = useMatches();
  const crumbs = matches.flatMap((match) => routeHandleOf(match.handle).crumbs?.(match.params) ?? []);
  if (crumbs.length === 0) return null;
  return (
    <Box component="nav" aria-label={t('shell.breadcrumb.label')} data-testid="breadcrumb" mb="md">
      <Breadcrumbs separator={<IconChevronRight size={14} aria-hidden />} separatorMargin={6}>
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          if (isLast || !crumb.to) {
            return (
              <Text
                key={`${crumb.labelKey}-${index}`}
                size="sm"
                fw={isLast ? 600 : 400}
                aria-current={isLast ? 'page' : undefined}
              >
                {crumb.label ?? t(crumb.labelKey)}
              </Text>
            );
          }
          return (
            <Anchor key={`${crumb.labelKey}-${index}`} component={AppLink} to={crumb.to} size="sm">
              {crumb.label ?? t(crumb.labelKey)}
            </Anchor>
          );
        })}
      </Breadcrumbs>
    </Box>
  );
}
