// /{productName}/fairness (Selection > Fairness, issue 25): the adverse-impact report of the product with its
// filters (what "selected" means, threshold, campaign, weight profile, period), a chart and a table per category and
// for sex x ethnic group, and the CSV and the Local Law 144 PDF summary. Needs FAIRNESS_REPORT (read); without it, a notice. With
// FAIRNESS_REPORT (update), what candidates are asked below it.
import { useState } from 'react';
import { Button, Group, NumberInput, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconLock } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FAIRNESS_BASES, FAIRNESS_PRODUCTS, type FairnessBasis, type FairnessProduct } from '@bq/contracts/fairness';
import { ErrorState } from '../../../components/ui/ErrorState';
import { NoticePanel } from '../../../components/ui/NoticePanel';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { useLocale } from '../../../lib/i18n';
import { showApiError } from '../../../lib/notify';
import { hasProductPermission } from '../../../lib/product-access';
import { downloadAdverseImpact, useAdverseImpact, type AdverseImpactFilter } from '../api/get-adverse-impact';
import { useSelfIdentificationSettings } from '../api/self-identification-settings';
import { AdverseImpactTable } from '../components/AdverseImpactTable';
import { ReportCounts } from '../components/ReportCounts';
import { ReportScopeFilters } from '../components/ReportScopeFilters';
import { SelfIdentificationSettingsForm } from '../components/SelfIdentificationSettingsForm';

const isFairnessProduct = (p: string): p is FairnessProduct => (FAIRNESS_PRODUCTS as readonly string[]).includes(p);
const DEFAULT_THRESHOLD: Record<FairnessBasis, number | undefined> = { decision: undefined, fit: 60, stanine: 5 };

export function FairnessPage() {
  const { productName = '' } = useParams();
  const user = useSignedInUser();
  const { t } = useTranslation();
  if (!isFairnessProduct(productName)) return null;
  const allowed = hasProductPermission(user, productName, 'FAIRNESS_REPORT', 'READ');
  return (
    <Stack gap="lg">
      <PageHeader title={t('fairness.title')} />
      {allowed ? (
        <>
          <FairnessReport product={productName} />
          {hasProductPermission(user, productName, 'FAIRNESS_REPORT', 'UPDATE') ? <SelfIdentificationSettings /> : null}
        </>
      ) : (
        <NoticePanel icon={<IconLock aria-hidden />} title={t('fairness.title')} text={t('fairness.forbidden.text')} testId="fairness-no-permission" headingOrder={2} centered={false} />
      )}
    </Stack>
  );
}

function SelfIdentificationSettings() {
  const settings = useSelfIdentificationSettings();
  return settings.data ? <SelfIdentificationSettingsForm saved={settings.data} /> : <Skeleton height={160} />;
}

function FairnessReport({ product }: { product: FairnessProduct }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // No basis until the user picks one: the server opens on what the account has data for (decision 0078).
  const [filter, setFilter] = useState<AdverseImpactFilter>({});
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);
  const report = useAdverseImpact(product, filter);
  const basis = filter.basis ?? report.data?.basis;
  const threshold = filter.basis ? filter.threshold : (report.data?.threshold ?? undefined);
  const chooseBasis = (b: FairnessBasis) => setFilter((f) => ({ ...f, basis: b, threshold: DEFAULT_THRESHOLD[b] }));

  const download = async (format: 'csv' | 'pdf') => {
    setDownloading(format);
    try {
      // The files hold what the page shows, also while the basis is the one the server chose.
      await downloadAdverseImpact(product, { ...filter, basis, threshold }, format, locale);
    } catch (err) {
      showApiError(err);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Stack gap="md" data-testid="fairness-report">
      <Text>{t('fairness.intro', { k: report.data?.k ?? 5 })}</Text>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('fairness.filter.basis')}
          value={basis ?? null}
          allowDeselect={false}
          data={FAIRNESS_BASES.map((b) => ({ value: b, label: t(`fairness.basis.${b}`) }))}
          onChange={(v) => v && chooseBasis(v as FairnessBasis)}
          w={320}
          data-testid="fairness-basis"
        />
        {basis && basis !== 'decision' ? (
          <NumberInput
            label={t('fairness.filter.threshold')}
            value={threshold}
            min={basis === 'fit' ? 0 : 1}
            max={basis === 'fit' ? 100 : 9}
            onChange={(v) => setFilter((f) => ({ ...f, basis, threshold: typeof v === 'number' ? v : undefined }))}
            w={120}
          />
        ) : null}
        <ReportScopeFilters product={product} scope={filter} onChange={(scope) => setFilter((f) => ({ ...f, ...scope }))} />
        <TextInput type="date" label={t('fairness.filter.from')} value={filter.from ?? ''} onChange={(e) => setFilter((f) => ({ ...f, from: e.currentTarget.value || undefined }))} />
        <TextInput type="date" label={t('fairness.filter.to')} value={filter.to ?? ''} onChange={(e) => setFilter((f) => ({ ...f, to: e.currentTarget.value || undefined }))} />
      </Group>
      <Group>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={downloading === 'csv'} onClick={() => void download('csv')} data-testid="fairness-csv">
          {t('fairness.download.csv')}
        </Button>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={downloading === 'pdf'} onClick={() => void download('pdf')} data-testid="fairness-pdf">
          {t('fairness.download.pdf')}
        </Button>
      </Group>
      {report.data ? (
        <>
          <ReportCounts report={report.data} onBasis={chooseBasis} />
          {report.data.tables.map((table) => (
            <AdverseImpactTable key={table.key} table={table} scores={report.data.basis !== 'decision'} />
          ))}
        </>
      ) : report.isError ? (
        <ErrorState title={t('fairness.title')} message={t('questionnaire.loadFailed.text')} onRetry={() => void report.refetch()} />
      ) : (
        <Skeleton height={240} />
      )}
    </Stack>
  );
}
