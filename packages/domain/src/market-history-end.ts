// Where the risk figures end against the imported market-history file (issue 37 point 3). Under the 'cut' gap policy
// the series ends at the last month with price, dividend and rate; a file whose later months lack dividends or rates
// (the shipped Shiller data from 2023-07 on) is cut there, and the dashboard, the web report and the PDF then say
// where and why. No schema here: the participant's report page imports it and stays light.

export interface HistoryBasisEnd {
  /** The last month of the figures (YYYY-MM-DD). */
  lastDate: string;
  marketData: { fileLastDate: string; gapPolicy: 'cut' | 'carry' };
}

/** Whether the figures stop before the imported file does (months left out rather than estimated). */
export function historyCutBeforeFileEnd(basis: HistoryBasisEnd): boolean {
  return basis.marketData.gapPolicy === 'cut' && basis.marketData.fileLastDate.slice(0, 7) > basis.lastDate.slice(0, 7);
}
