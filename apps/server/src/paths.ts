// Where files shipped with the server live, in the source tree (tsx, tests) and in the esbuild bundle (dist/).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// In the bundle this file's code sits in dist/main.js, so `here` is dist; from source it is src.
const bundled = existsSync(join(here, 'migrations')) && !existsSync(join(here, 'db'));

export const paths = {
  migrations: bundled ? join(here, 'migrations') : join(here, 'db', 'migrations'),
  translationsData: bundled ? join(here, 'translations-data') : join(here, 'features', 'translations', 'data'),
  /** The common-password list and its licence (decision 0032). */
  passwordRulesData: bundled ? join(here, 'password-rules-data') : join(here, 'features', 'password-rules', 'data'),
  webDist: join(here, '..', '..', 'web', 'dist'),
  /** The public-domain S&P 500 history shipped with the product (with its licence), imported by the embedded demo. */
  demoMarketHistory: bundled ? join(here, 'market-history-data', 'data.csv') : join(here, 'features', 'market-history', 'data', 'sp500-shiller', 'data.csv'),
};
