// The look of the PDFs: page geometry, a restrained palette, the shared text styles and the document metadata.
// Sizes are in points.
import { StyleSheet } from '@react-pdf/renderer';
import type { PageFormat } from '@bq/contracts/reports';
import { FONT_FAMILY } from './fonts';

/** Creator and producer in the PDF's document information. */
export const PDF_CREATOR = 'BQ Advisory Platform';

export const COLORS = {
  ink: '#1f2933',
  muted: '#5b6675',
  faint: '#8a94a3',
  rule: '#d9dee5',
  track: '#eef1f5',
  panel: '#f4f6f9',
  accent: '#1e4e79',
  accentSoft: '#9db8d3',
  averageRange: '#cfd8e3',
  nearAverageRange: '#e3e9f0',
  worst: '#b4533e',
  best: '#3d7f5b',
  equity: '#c27c2c',
  bonds: '#7f8c9c',
  warn: '#8a5a00',
  warnPanel: '#fbf3df',
  revoked: '#b42318',
  white: '#ffffff',
} as const;

export const MARGIN = 40;
/** Room above and below the flowing content for the fixed header and footer. */
export const HEADER_SPACE = 64;
export const FOOTER_SPACE = 56;

/** Portrait page sizes in points (what pdfinfo reports: A4 595 x 842, Letter 612 x 792). */
export const PAGE_POINTS: Record<PageFormat, { width: number; height: number }> = {
  A4: { width: 595.28, height: 841.89 },
  LETTER: { width: 612, height: 792 },
};

export const contentWidth = (format: PageFormat) => PAGE_POINTS[format].width - 2 * MARGIN;

export const styles = StyleSheet.create({
  page: {
    fontFamily: FONT_FAMILY,
    fontSize: 9.5,
    lineHeight: 1.4,
    color: COLORS.ink,
    paddingTop: HEADER_SPACE,
    paddingBottom: FOOTER_SPACE,
    paddingHorizontal: MARGIN,
  },
  sectionHeading: {
    fontSize: 13,
    lineHeight: 1.3,
    fontWeight: 'bold',
    color: COLORS.accent,
    marginTop: 18,
    marginBottom: 8,
    paddingBottom: 4,
    borderBottomWidth: 0.75,
    borderBottomColor: COLORS.accent,
  },
  subHeading: { fontSize: 10.5, lineHeight: 1.35, fontWeight: 'bold', marginTop: 10, marginBottom: 4 },
  paragraph: { marginBottom: 6 },
  small: { fontSize: 8, color: COLORS.muted },
  tiny: { fontSize: 6.5, color: COLORS.muted, lineHeight: 1.2 },
  label: { fontSize: 7.5, color: COLORS.muted, textTransform: 'uppercase', letterSpacing: 0.4 },
  bold: { fontWeight: 'bold' },
  row: { flexDirection: 'row' },
  panel: { backgroundColor: COLORS.panel, padding: 10, borderRadius: 2 },
});
