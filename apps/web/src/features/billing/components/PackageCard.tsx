// One package of the purchase choice: pay-as-you-go (credits, price, price per credit, a buy link that starts the
// hosted checkout), enterprise (invoice, no card) or the trial (results open without credits).
import { Anchor, Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingSkyscraper, IconCoins, IconGift, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TPaymentConfiguration } from '@bq/contracts/billing';
import { useFormat } from '../../../lib/formats';
import { payHref } from '../api/get-payment-configurations';

export function PackageCard({
  configuration,
  returnTo,
  salesContactEmail,
  trialEndsAt,
}: {
  configuration: TPaymentConfiguration;
  returnTo: string | null;
  /** Whom to ask for the enterprise package (SALES_CONTACT_EMAIL). */
  salesContactEmail: string;
  /** When the account's trial of this product ends or ended (null: not on a trial plan). */
  trialEndsAt: string | null;
}) {
  const { t } = useTranslation();
  const { formatCurrency, formatDate, formatNumber } = useFormat();
  const { kind, credits, price } = configuration;
  if (kind !== 'PAY_AS_YOU_GO' || credits === null) {
    const trial = kind === 'TRIAL';
    return (
      <Card withBorder radius="md" p="lg" data-testid={`package-${kind.toLowerCase()}`}>
        <Stack gap="xs">
          <ThemeIcon size={40} radius="xl" variant="light" color={trial ? 'teal' : 'gray'} aria-hidden>
            {trial ? <IconGift size={22} /> : <IconBuildingSkyscraper size={22} />}
          </ThemeIcon>
          <Title order={2} fz="h4">
            {t(trial ? 'billing.trial.title' : 'billing.enterprise.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t(trial ? 'billing.trial.text' : 'billing.enterprise.text')}
          </Text>
          {trial && trialEndsAt ? (
            <Text size="sm" fw={500} data-testid="package-trial-ends">
              {t(new Date(trialEndsAt).getTime() > Date.now() ? 'billing.trial.endsOn' : 'billing.trial.endedOn', {
                date: formatDate(trialEndsAt),
              })}
            </Text>
          ) : null}
          {trial ? null : (
            <Text size="sm" data-testid="package-enterprise-contact">
              {t('billing.enterprise.contact')}{' '}
              <Anchor href={`mailto:${salesContactEmail}`}>{salesContactEmail}</Anchor>
            </Text>
          )}
        </Stack>
      </Card>
    );
  }
  const creditsText = t('shell.credits', { count: credits, formatted: formatNumber(credits, 0) });
  const priceText = price ? formatCurrency(price.amountMinor / 100, 2, price.currency) : '';
  const perCredit = price ? formatCurrency(price.amountMinor / 100 / credits, 2, price.currency) : '';
  return (
    <Card withBorder radius="md" p="lg" data-testid={`package-${credits}`}>
      <Stack gap="xs">
        <ThemeIcon size={40} radius="xl" variant="light" color="yellow" aria-hidden>
          <IconCoins size={22} />
        </ThemeIcon>
        <Title order={2} fz="h4">
          {creditsText}
        </Title>
        <Text fz="xl" fw={700} data-testid={`package-${credits}-price`}>
          {priceText}
        </Text>
        <Text size="sm" c="dimmed">
          {t('billing.package.perCredit', { price: perCredit })}
        </Text>
        {/* Whether tax is included depends on the currency (docs/decisions/0033): EUR incl. VAT, USD plus sales tax. */}
        {price ? (
          <Text size="sm" data-testid={`package-${credits}-tax`}>
            {t(`billing.package.tax.${price.currency}`)}
          </Text>
        ) : null}
        {configuration.payable ? (
          <Button
            component="a"
            href={payHref(configuration.id, returnTo)}
            leftSection={<IconShoppingCart size={18} aria-hidden />}
            aria-label={t('billing.package.buyLabel', { credits: creditsText, price: priceText })}
            data-testid={`package-${credits}-buy`}
            mt="xs"
          >
            {t('billing.package.buy')}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
