// Tests only: the public-domain Shiller dataset beside the repository (../shared/data, or MARKET_HISTORY_CSV),
// read at test time and never copied into the repository.
import { readFileSync } from 'node:fs';

export function readShillerCsv(): string {
  const path =
    process.env.MARKET_HISTORY_CSV ?? new URL('../../../../shared/data/sp500-shiller/data.csv', import.meta.url);
  return readFileSync(path, 'utf8');
}
