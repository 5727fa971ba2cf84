// The certificate: one landscape page with a framed, centred layout (holder, questionnaire, strengths, issuer,
// dates) and the public verification URL with a QR code to it. A revoked certificate carries a red "REVOKED on
// <date>" banner and a red frame, so a printed copy cannot pass for a valid one.
import { Document, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { PageFormat, TCertificateContent } from '@bq/contracts/reports';
import { LOCALE_TAGS } from '@bq/domain/locales';
import { reportFormat } from './format';
import { translator } from './labels';
import { logoSource, type PdfBrand } from './pdf-brand';
import { QrCode } from './QrCode';
import { COLORS, PDF_CREATOR, styles } from './theme';

/** Side of the QR code in points (about 2.2 cm): phones read it from a printed page at arm's length. */
const QR_SIZE = 62;

export function CertificateDocument({
  content,
  pageFormat,
  brand,
}: {
  content: TCertificateContent;
  pageFormat: PageFormat;
  brand?: PdfBrand | undefined;
}) {
  const t = translator(content.texts);
  const fmt = reportFormat(content.locale);
  const holder = `${content.holder.firstName} ${content.holder.lastName}`.trim();
  const revoked = content.status === 'REVOKED';
  const frameColor = revoked ? COLORS.revoked : (brand?.primaryColor ?? COLORS.accent);
  const logo = logoSource(brand, 28);
  const facts = [
    { label: t('report.certificate.issuedBy'), value: content.accountName },
    { label: t('report.certificate.issuedAt'), value: fmt.date(content.issuedAt) },
    ...(content.completedAt
      ? [{ label: t('report.certificate.completedAt'), value: fmt.date(content.completedAt) }]
      : []),
  ];
  return (
    <Document
      title={`${t('report.certificate.heading')} – ${holder}`}
      author={content.accountName}
      subject={content.interactionName}
      creator={PDF_CREATOR}
      producer={PDF_CREATOR}
      language={LOCALE_TAGS[content.locale]}
    >
      <Page size={pageFormat} orientation="landscape" style={[styles.page, cert.page]}>
        <View style={[cert.outer, { borderColor: frameColor }]}>
          <View style={[cert.inner, { borderColor: frameColor }]}>
            {revoked ? (
              <View style={cert.revoked}>
                <Text style={cert.revokedTitle}>
                  {t('report.certificate.revoked', { date: fmt.date(content.revokedAt) })}
                </Text>
                <Text style={cert.revokedNote}>{t('report.certificate.revokedNote')}</Text>
              </View>
            ) : null}
            {/* Spacers above and below centre the statement between the top and the signature row. */}
            <View style={cert.spacerTop} />
            {logo ? <Image src={logo.src} style={[cert.logo, { width: logo.width, height: logo.height }]} /> : null}
            <Text style={cert.account}>{content.accountName}</Text>
            <Text style={[cert.heading, { color: frameColor }]}>{t('report.certificate.heading')}</Text>
            <Text style={cert.intro}>{t('report.certificate.intro')}</Text>
            <Text style={[cert.holder, revoked ? { color: COLORS.muted } : {}]}>{holder}</Text>
            <View style={[cert.rule, { backgroundColor: frameColor }]} />
            <Text style={cert.intro}>{t('report.certificate.completed')}</Text>
            <Text style={cert.interaction}>{content.interactionName}</Text>
            {content.strengths.length > 0 ? (
              <View style={cert.strengths}>
                <Text style={styles.label}>{t('report.certificate.strengths')}</Text>
                <View style={cert.chips}>
                  {content.strengths.map((strength, i) => (
                    <Text key={i} style={cert.chip}>
                      {strength}
                    </Text>
                  ))}
                </View>
              </View>
            ) : null}
            <View style={cert.spacer} />
            <View style={cert.facts}>
              {facts.map((fact) => (
                <View key={fact.label} style={cert.fact}>
                  <Text style={cert.factValue}>{fact.value}</Text>
                  <View style={cert.factRule} />
                  <Text style={styles.label}>{fact.label}</Text>
                </View>
              ))}
            </View>
            {/* The QR code opens the public verification page: a printed certificate is checked by a phone. */}
            <View style={cert.verifyRow}>
              <QrCode value={content.verificationUrl} size={QR_SIZE} />
              <Text style={cert.verify}>
                {t('report.certificate.verify')} {content.verificationUrl}
              </Text>
            </View>
            {brand?.poweredBy ? <Text style={cert.poweredBy}>{t('report.poweredBy')}</Text> : null}
          </View>
        </View>
      </Page>
    </Document>
  );
}

const cert = StyleSheet.create({
  page: { paddingTop: 30, paddingBottom: 30, paddingHorizontal: 30 },
  outer: { flex: 1, borderWidth: 2, padding: 4 },
  inner: { flex: 1, borderWidth: 0.5, paddingVertical: 28, paddingHorizontal: 48, alignItems: 'center' },
  revoked: {
    alignSelf: 'stretch',
    backgroundColor: COLORS.revoked,
    paddingVertical: 6,
    paddingHorizontal: 12,
    marginBottom: 14,
  },
  revokedTitle: {
    color: COLORS.white,
    fontSize: 14,
    lineHeight: 1.3,
    fontWeight: 'bold',
    textAlign: 'center',
    letterSpacing: 1,
  },
  revokedNote: { color: COLORS.white, fontSize: 9, textAlign: 'center' },
  account: { fontSize: 10, color: COLORS.muted, textTransform: 'uppercase', letterSpacing: 1.5 },
  logo: { marginBottom: 6, alignSelf: 'center' },
  poweredBy: { fontSize: 6.5, color: COLORS.muted, textAlign: 'center', marginTop: 4 },
  heading: {
    fontSize: 32,
    lineHeight: 1.2,
    fontWeight: 'bold',
    letterSpacing: 2,
    marginTop: 6,
    marginBottom: 14,
    textTransform: 'uppercase',
  },
  intro: { fontSize: 11, color: COLORS.muted },
  holder: {
    fontSize: 30,
    lineHeight: 1.2,
    fontWeight: 'bold',
    marginTop: 8,
    marginBottom: 6,
    textAlign: 'center',
  },
  rule: { width: 140, height: 1, marginBottom: 10 },
  interaction: {
    fontSize: 15,
    lineHeight: 1.3,
    fontWeight: 'bold',
    color: COLORS.accent,
    marginTop: 6,
    textAlign: 'center',
  },
  strengths: { marginTop: 16, alignItems: 'center' },
  chips: { flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'center', marginTop: 5 },
  chip: {
    fontSize: 9,
    borderWidth: 0.75,
    borderColor: COLORS.rule,
    backgroundColor: COLORS.panel,
    paddingHorizontal: 7,
    // The line box has room for descenders; a little more above keeps the words optically centred.
    paddingTop: 3,
    paddingBottom: 1,
    margin: 3,
  },
  spacerTop: { flexGrow: 1 },
  spacer: { flexGrow: 1.6 },
  facts: { flexDirection: 'row', justifyContent: 'center', alignSelf: 'stretch', marginBottom: 12 },
  fact: { width: 180, marginHorizontal: 14, alignItems: 'center' },
  factValue: { fontSize: 10.5, fontWeight: 'bold', textAlign: 'center' },
  factRule: { alignSelf: 'stretch', height: 0.5, backgroundColor: COLORS.faint, marginVertical: 3 },
  verifyRow: { flexDirection: 'row', alignItems: 'center', justifyContent: 'center' },
  verify: { fontSize: 8, color: COLORS.muted, marginLeft: 8, maxWidth: 420 },
});
