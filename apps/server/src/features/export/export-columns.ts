// The columns of an export: header text (translated), the kind of cell, and how a row fills it. CSV writes every
// cell as text in the locale's way; XLSX keeps numbers and dates as typed cells, which the spreadsheet shows
// in the reader's own format.
import type { ExportContent } from '@bq/contracts/export';
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import type { ExportTexts } from './export-texts';
import type { ExportRow } from './export-rows';
import type { Anonymisation } from '../anonymisation/anonymise';
import { renderExportClientName } from './client-name';

export type CellKind = 'text' | 'date' | 'decimal' | 'integer';
export type CellValue = string | number | Date | null;

export interface ExportColumn {
  key: string;
  header: string;
  kind: CellKind;
  value(row: ExportRow): CellValue;
}

export function exportColumns(content: ExportContent, definition: TInteractionDefinition, texts: ExportTexts, anon: Anonymisation): ExportColumn[] {
  // The name as shown, worked out once per client: four columns read it, and a client repeats in a results export.
  const names = new WeakMap<ExportRow['client'], ReturnType<typeof renderExportClientName>>();
  const shown = (r: ExportRow) => {
    let name = names.get(r.client);
    if (!name) names.set(r.client, (name = renderExportClientName(anon, r.client)));
    return name;
  };
  const col = (key: string, kind: CellKind, value: (row: ExportRow) => CellValue): ExportColumn => ({
    key,
    header: texts.t(`export.column.${key}`),
    kind,
    value,
  });
  const word = (prefix: string, value: string | null | undefined) => (value ? texts.t(`${prefix}.${value}`) : null);
  const columns: ExportColumn[] = [
    col('lastName', 'text', (r) => shown(r).lastName),
    col('firstName', 'text', (r) => shown(r).firstName),
    col('email', 'text', (r) => shown(r).email),
  ];
  if (content === 'clients') {
    columns.push(
      col('phone', 'text', (r) => shown(r).phone),
      col('group', 'text', (r) => word('clientGroup', r.client.group)),
      col('active', 'text', (r) => texts.t(r.client.active ? 'export.value.active' : 'export.value.inactive')),
      col('createdAt', 'date', (r) => r.client.createdAt),
      col('latestStatus', 'text', (r) => word('interactionStatus', r.client.latestStatus)),
    );
  } else {
    columns.push(col('group', 'text', (r) => word('clientGroup', r.client.group)), col('status', 'text', (r) => word('interactionStatus', r.result?.status)));
  }
  columns.push(
    col('resultDate', 'date', (r) => r.result?.finishedAt ?? null),
    col('lockStatus', 'text', (r) => word('lockStatus', r.result?.lockStatus)),
  );
  if (definition.risk) columns.push(col('riskClass', 'integer', (r) => r.result?.riskClass ?? null));
  for (const dimension of definition.dimensions) {
    columns.push({
      key: `dimension.${dimension.key}`,
      header: `${texts.t(dimension.nameKey)} (${texts.t('export.column.tScore')})`,
      kind: 'decimal',
      value: (r) => {
        const score = r.result?.scores?.[dimension.key];
        return typeof score === 'number' ? score : null;
      },
    });
  }
  return columns;
}
