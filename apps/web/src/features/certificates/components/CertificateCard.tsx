// The certificate itself, framed: who holds it, for which questionnaire, from which organisation, since when, and
// the strengths it attests (no numbers on a certificate). Its words are the content's REPORT texts in the
// certificate's language, as on the PDF. A revoked certificate is greyed out and stamped with the date.
import { Badge, Divider, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import type { TCertificateContent } from '@bq/contracts/reports';
import { LOCALE_TAGS } from '@bq/domain/locales';
import { documentText } from '../../../lib/document-text';
import { bindFormats } from '../../../lib/formats';
import classes from './certificate-card.module.css';

function Signature({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
    </Stack>
  );
}

export function CertificateCard({ certificate }: { certificate: TCertificateContent }) {
  // Dates in the certificate's language, like its words, whatever language the page around it speaks.
  const { formatDate } = bindFormats(certificate.locale);
  const text = (key: string, values?: Record<string, string>) => documentText(certificate.texts, key, values);
  const revoked = certificate.status === 'REVOKED';
  const holder = `${certificate.holder.firstName} ${certificate.holder.lastName}`.trim();
  return (
    <article
      className={classes.frame}
      lang={LOCALE_TAGS[certificate.locale]}
      aria-labelledby="certificate-holder"
      data-testid="certificate-card"
      data-status={certificate.status}
    >
      {revoked ? (
        <Badge
          size="lg"
          color="red"
          variant="filled"
          className={classes.stamp}
          data-testid="certificate-revoked-stamp"
        >
          {text('report.certificate.revoked', { date: formatDate(certificate.revokedAt ?? '') })}
        </Badge>
      ) : null}
      <Stack gap="md" align="center" className={classes.body}>
        <IconCertificate size={44} stroke={1.3} aria-hidden color="var(--mantine-color-blue-8)" />
        <Text tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.15em' }}>
          {text('report.certificate.heading')}
        </Text>
        <Text>{text('report.certificate.intro')}</Text>
        <Title
          order={1}
          fz={36}
          className={classes.holder}
          id="certificate-holder"
          data-testid="certificate-holder"
        >
          {holder}
        </Title>
        <Stack gap={2} align="center">
          <Text>{text('report.certificate.completed')}</Text>
          <Text size="xl" fw={700} data-testid="certificate-interaction">
            {certificate.interactionName}
          </Text>
        </Stack>
        {certificate.strengths.length > 0 ? (
          <Stack gap={4} align="center">
            <Text fw={600}>{text('report.certificate.strengths')}</Text>
            <List listStyleType="none" spacing={2} data-testid="certificate-strengths">
              {certificate.strengths.map((strength) => (
                <List.Item key={strength}>{strength}</List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
        <Divider w="60%" />
        <Group gap="xl" justify="center" wrap="wrap">
          <Signature
            label={text('report.certificate.issuedBy')}
            value={certificate.accountName}
            testId="certificate-account"
          />
          <Signature
            label={text('report.certificate.issuedAt')}
            value={formatDate(certificate.issuedAt)}
            testId="certificate-issued"
          />
          {certificate.completedAt ? (
            <Signature
              label={text('report.certificate.completedAt')}
              value={formatDate(certificate.completedAt)}
              testId="certificate-completed"
            />
          ) : null}
        </Group>
      </Stack>
      {revoked ? (
        <Text size="sm" fw={600} c="red.9" mt="md">
          {text('report.certificate.revokedNote')}
        </Text>
      ) : null}
    </article>
  );
}
