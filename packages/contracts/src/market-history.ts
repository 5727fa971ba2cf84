// Market history (DESIGN.md section 4): what is imported, as GET and POST /api/admin/market-history answer it.
import { z } from 'zod';

/** How a gap in a column was handled by the import's gap policy (the windows end before it). */
export const ZMarketHistoryGap = z.object({
  column: z.string(),
  from: z.string(),
  to: z.string(),
  months: z.number().int(),
  how: z.string(),
  value: z.number().optional(),
});
export type TMarketHistoryGap = z.infer<typeof ZMarketHistoryGap>;

export const ZMarketHistoryStatus = z
  .object({
    imported: z.boolean(),
    source: z.string().nullable(),
    rowCount: z.number().int(),
    firstDate: z.string().nullable(),
    lastDate: z.string().nullable(),
    /** The last month with every column present: the dashboards' windows end there. */
    lastCompleteDate: z.string().nullable(),
    importedAt: z.string().nullable(),
    sha256: z.string().nullable(),
    gaps: z.array(ZMarketHistoryGap),
  })
  .meta({ id: 'MarketHistoryStatus' });
export type TMarketHistoryStatus = z.infer<typeof ZMarketHistoryStatus>;
