// {productName}/teams/campaign/{campaignId}: a repeated measurement's participants (all, or only those whose latest
// measurement is finished), each person's change with the reliable-change verdict, adding a participant and the
// CSV export (docs/decisions/0020).
import { useState } from 'react';
import { Accordion, Alert, Avatar, Badge, Button, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { hasPermission } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO, isProductType } from '@bq/domain/product-types';
import { DownloadStatus } from '../../../components/ui/DownloadStatus';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { useFormat } from '../../../lib/formats';
import { useLocale } from '../../../lib/i18n';
import { useFileDownload } from '../../../lib/use-file-download';
import { downloadCampaignCsv } from '../api/download-campaign-csv';
import { useParticipants } from '../api/get-participants';
import { AddParticipant } from '../components/AddParticipant';
import { ChangeTable } from '../components/ChangeTable';

export function CampaignPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { formatDate } = useFormat();
  const user = useSignedInUser();
  const { productName = '', campaignId = '' } = useParams();
  const [onlyCompleted, setOnlyCompleted] = useState(false);
  const participants = useParticipants(campaignId, onlyCompleted, locale);
  const download = useFileDownload();
  if (!isProductType(productName)) return null;
  const realm = PRODUCT_TYPE_INFO[productName].realm;
  const may = (entity: 'INTERACTION_INSTANCE' | 'INDIVIDUAL_EXPORT', action: 'CREATE' | 'READ') => hasPermission(user.permissions, { realm, entity, action });
  const configuration = user.products.find((p) => p.productType === productName);

  if (participants.isLoading) return <Loader aria-label={t('common.loading')} />;
  if (participants.isError || !participants.data) {
    return (
      <>
        <PageHeader title={t('repeatedMeasurement.title')} />
        <ErrorState title={t('repeatedMeasurement.loadError')} message={t('teams.loadErrorText')} onRetry={() => void participants.refetch()} />
      </>
    );
  }
  const { repeatedMeasurement: campaign, participants: people } = participants.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={campaign.name}
        description={t('repeatedMeasurement.lead', { participants: campaign.participantCount, completed: campaign.completedCount })}
        actions={
          may('INDIVIDUAL_EXPORT', 'READ') ? (
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={download.downloading}
              onClick={() => void download.start((onProgress) => downloadCampaignCsv(campaign.id, locale, onProgress))}
              data-testid="campaign-csv"
            >
              {t('repeatedMeasurement.csv')}
            </Button>
          ) : null
        }
      />
      <DownloadStatus download={download} />
      <Alert color="blue" variant="light" title={t('repeatedMeasurement.rciTitle')}>
        {t('repeatedMeasurement.rciText')}
      </Alert>
      {configuration && may('INTERACTION_INSTANCE', 'CREATE') ? <AddParticipant campaignId={campaign.id} productConfigurationId={configuration.id} productType={configuration.productType} /> : null}
      <Switch
        label={t('repeatedMeasurement.onlyCompleted')}
        checked={onlyCompleted}
        onChange={(event) => setOnlyCompleted(event.currentTarget.checked)}
        data-testid="only-completed"
      />
      {people.length === 0 ? <Text c="dimmed">{t('repeatedMeasurement.noParticipants')}</Text> : null}
      <Accordion variant="separated" multiple data-testid="participant-list">
        {people.map((p) => {
          const latest = p.measurements.at(-1);
          return (
            <Accordion.Item key={p.userToken} value={p.userToken}>
              <Accordion.Control>
                <Group gap="sm" wrap="wrap">
                  <Avatar size="sm" radius="xl" color="blue" aria-hidden>
                    {p.initials}
                  </Avatar>
                  <Text fw={500}>{p.fullName}</Text>
                  <Badge variant="light" color="gray">
                    {t('repeatedMeasurement.measurements', { total: p.measurements.length, completed: p.completedCount })}
                  </Badge>
                  {latest ? (
                    <Text size="sm" c="dimmed">
                      {latest.filledAt ? t('repeatedMeasurement.lastCompleted', { date: formatDate(latest.filledAt) }) : t(`interactionStatus.${latest.status}`)}
                    </Text>
                  ) : null}
                  {p.changes.some((c) => c.reliable) ? (
                    <Badge color="teal" variant="light">
                      {t('repeatedMeasurement.hasRealChange')}
                    </Badge>
                  ) : null}
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                {p.locked ? (
                  <Text size="sm" c="dimmed">
                    {t('repeatedMeasurement.locked')}
                  </Text>
                ) : p.changes.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('repeatedMeasurement.noChangeYet')}
                  </Text>
                ) : (
                  <ChangeTable changes={p.changes} caption={t('repeatedMeasurement.change.caption', { name: p.fullName })} />
                )}
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
