// The public sample self-assessment report (issue 22 point 7, docs/decisions/0035): the same simulated participant
// for everyone, so each locale and page format is rendered once per process and then served from memory (a render
// costs ~2.8 s of CPU; anonymous callers must not be able to buy that by the request). The copies hang on the
// process's copy of the language's translations (translation-cache.ts): seeding forgets those, so a re-seeded text
// is rendered afresh on the next call and the old PDF is dropped with its texts.
import { defaultPageFormat, type PageFormat } from '@bq/contracts/reports';
import { DEFAULT_LOCALE, type Locale } from '@bq/domain/locales';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { languageTexts, type LanguageTexts } from '../translations/translation-cache';
import { userLocale } from '../user/user-service';
import type { PdfRenderer } from './pdf/pdf-pool';
import { sampleSelfAssessmentPdf, type RenderedPdf } from './report-pdf';

const rendered = new WeakMap<LanguageTexts, Map<PageFormat, Promise<RenderedPdf>>>();

/** The sample report in the language asked for (else the signed-in user's, else the default) and page format. */
export async function sampleReportPdf(
  db: Db,
  pdf: PdfRenderer,
  body: { locale?: Locale; pageFormat?: PageFormat },
  auth: AuthContext | null,
): Promise<RenderedPdf> {
  const locale = body.locale ?? (auth ? await userLocale(db, auth.userId) : null) ?? DEFAULT_LOCALE;
  const pageFormat = body.pageFormat ?? defaultPageFormat(locale);
  const texts = await languageTexts(db, locale);
  let byFormat = rendered.get(texts);
  if (!byFormat) rendered.set(texts, (byFormat = new Map()));
  const formats = byFormat;
  let pending = formats.get(pageFormat);
  if (!pending) {
    // Concurrent first calls share one render; a failed render is not kept, so the next call tries again.
    pending = sampleSelfAssessmentPdf(db, pdf, { locale, pageFormat }, null);
    formats.set(pageFormat, pending);
    pending.catch(() => formats.delete(pageFormat));
  }
  return pending;
}
