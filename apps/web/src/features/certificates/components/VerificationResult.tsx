// The answer of a certificate check, for a third party (an employer): a clear verdict first ("Valid certificate"
// or "Not valid"), then the facts it rests on. Neutral and sober, without the product's marketing.
import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TCertificateVerification } from '@bq/contracts/reports';
import { useFormat } from '../../../lib/formats';

type Verdict = TCertificateVerification['status'] | 'NOT_FOUND';

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group gap="md" wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" c="dimmed" w={140} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

function Frame({
  verdict,
  title,
  text,
  children,
}: {
  verdict: Verdict;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  const valid = verdict === 'VALID';
  const Icon = valid ? IconShieldCheck : IconShieldX;
  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      maw={640}
      mx="auto"
      data-testid="certificate-verification"
      data-status={verdict}
      style={{ borderTop: `6px solid var(--mantine-color-${valid ? 'green' : 'red'}-7)` }}
    >
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={56} radius="xl" variant="light" color={valid ? 'green' : 'red'} aria-hidden>
            <Icon size={32} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={1} fz="h2" c={valid ? 'green.9' : 'red.9'} data-testid="verification-verdict">
              {title}
            </Title>
            <Text c="dimmed">{text}</Text>
          </Stack>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

export function VerificationResult({ verification }: { verification: TCertificateVerification }) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  if (verification.status === 'VALID') {
    return (
      <Frame
        verdict="VALID"
        title={t('certificateVerification.valid.title')}
        text={t('certificateVerification.valid.text')}
      >
        <Stack component="dl" gap="xs" m={0}>
          <Fact
            label={t('certificateVerification.holder')}
            value={verification.holderName ?? ''}
            testId="verification-holder"
          />
          <Fact
            label={t('certificateVerification.certificate')}
            value={verification.interactionName}
            testId="verification-interaction"
          />
          <Fact
            label={t('certificateVerification.issuer')}
            value={verification.accountName}
            testId="verification-issuer"
          />
          <Fact
            label={t('certificateVerification.validSince')}
            value={formatDate(verification.issuedAt)}
            testId="verification-since"
          />
        </Stack>
      </Frame>
    );
  }
  return (
    <Frame
      verdict="REVOKED"
      title={t('certificateVerification.invalid.title')}
      text={
        verification.revokedAt
          ? t('certificateVerification.revoked.text', { date: formatDate(verification.revokedAt) })
          : t('certificateVerification.revoked.textNoDate')
      }
    >
      <Stack component="dl" gap="xs" m={0}>
        <Fact
          label={t('certificateVerification.certificate')}
          value={verification.interactionName}
          testId="verification-interaction"
        />
        <Fact
          label={t('certificateVerification.issuer')}
          value={verification.accountName}
          testId="verification-issuer"
        />
        {verification.revokedAt ? (
          <Fact
            label={t('certificateVerification.revokedOn')}
            value={formatDate(verification.revokedAt)}
            testId="verification-revoked-at"
          />
        ) : null}
      </Stack>
    </Frame>
  );
}

/** No certificate behind this link: the same "Not valid" verdict, so a forged link reads like a revoked one. */
export function VerificationNotFound() {
  const { t } = useTranslation();
  return (
    <Frame
      verdict="NOT_FOUND"
      title={t('certificateVerification.invalid.title')}
      text={t('certificateVerification.notFound.text')}
    />
  );
}
