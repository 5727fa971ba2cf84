// The frame of every report page: a header line with the title and the client, a footer with the account and
// "Page X of Y". Both are fixed, so react-pdf repeats them on every page the content flows onto.
import type { ReactNode } from 'react';
import { Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { PageFormat } from '@bq/contracts/reports';
import { logoSource, type PdfBrand } from './pdf-brand';
import type { ReportContext } from './report-context';
import { COLORS, MARGIN, styles } from './theme';

interface ReportPageProps {
  pageFormat: PageFormat;
  title: string;
  clientName: string;
  accountName: string;
  ctx: ReportContext;
  /** The firm's logo, colour and powered-by line (docs/decisions/0055); none: the platform's look. */
  brand?: PdfBrand | undefined;
  children: ReactNode;
}

export function ReportPage({ pageFormat, title, clientName, accountName, ctx, brand, children }: ReportPageProps) {
  const logo = logoSource(brand, 14);
  return (
    <Page size={pageFormat} style={styles.page} wrap>
      <View fixed style={frame.header}>
        <View style={frame.headerStart}>
          {logo ? <Image src={logo.src} style={[frame.logo, { width: logo.width, height: logo.height }]} /> : null}
          <Text style={[frame.headerTitle, brand?.primaryColor ? { color: brand.primaryColor } : {}]}>{title}</Text>
        </View>
        <Text style={frame.headerClient}>{clientName}</Text>
      </View>
      {children}
      <View fixed style={frame.footer}>
        <Text style={frame.footerAccount}>
          {accountName} · {ctx.t('report.confidential')}
          {brand?.poweredBy ? ` · ${ctx.t('report.poweredBy')}` : ''}
        </Text>
        {/* Absolutely placed: a render-prop text is laid out before its content is known, so it must not share a flex row. */}
        <Text
          style={frame.pageNumber}
          render={({ pageNumber, totalPages }) =>
            ctx.t('report.page', { page: pageNumber, pages: totalPages })
          }
        />
      </View>
    </Page>
  );
}

const frame = StyleSheet.create({
  header: {
    position: 'absolute',
    top: 28,
    left: MARGIN,
    right: MARGIN,
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingBottom: 5,
    borderBottomWidth: 0.5,
    borderBottomColor: COLORS.rule,
    fontSize: 7.5,
    color: COLORS.muted,
  },
  headerTitle: { fontWeight: 'bold', color: COLORS.accent },
  headerStart: { maxWidth: '62%', flexDirection: 'row', alignItems: 'center' },
  logo: { marginRight: 8 },
  headerClient: { maxWidth: '36%', textAlign: 'right' },
  footer: {
    position: 'absolute',
    bottom: 24,
    left: MARGIN,
    right: MARGIN,
    paddingTop: 5,
    borderTopWidth: 0.5,
    borderTopColor: COLORS.rule,
    fontSize: 7.5,
    color: COLORS.muted,
  },
  footerAccount: { width: '68%' },
  pageNumber: { position: 'absolute', right: 0, top: 5, width: 140, textAlign: 'right' },
});
