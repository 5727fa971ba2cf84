// From the positions an adviser entered to the equity / bond / cash-like mix the market history can price
// (decision 0091): each position counts as its modelled class (ASSET_CLASS_MAPPING), weights or amounts become
// shares of the whole. Pure; the request was validated by ZPutPortfolioRequest before it gets here.
import { ASSET_CLASS_MAPPING, type TPortfolio, type TPortfolioPosition } from '@bq/contracts/portfolio';
import type { AssetMix } from '@bq/scoring/model-portfolios';

/** Rounding error of the shares is left to the last non-empty part, so the mix adds up to 1 as assertMix wants. */
function normalised(mix: AssetMix): AssetMix {
  const parts = [mix.equityShare, mix.bondShare, mix.cashShare].map((s) => Math.min(1, Math.max(0, s)));
  const rest = 1 - parts.reduce((a, b) => a + b, 0);
  const last = parts.map((p) => p > 0).lastIndexOf(true);
  if (last >= 0) parts[last] = Math.min(1, Math.max(0, parts[last]! + rest));
  return { equityShare: parts[0]!, bondShare: parts[1]!, cashShare: parts[2]! };
}

export function portfolioMix(positions: readonly TPortfolioPosition[]): Pick<TPortfolio, 'positions' | 'mix'> {
  const valueOf = (p: TPortfolioPosition) => p.weight ?? p.amount ?? 0;
  const total = positions.reduce((sum, p) => sum + valueOf(p), 0);
  if (!(total > 0)) throw new RangeError('a portfolio needs a positive total');
  const shown = positions.map((p) => ({
    assetClass: p.assetClass,
    weight: p.weight ?? null,
    amount: p.amount ?? null,
    mappedTo: ASSET_CLASS_MAPPING[p.assetClass],
    // Weights that add up to 99.99 are shares of their own sum, like amounts.
    share: valueOf(p) / total,
  }));
  const shareOf = (cls: string) => shown.filter((p) => p.mappedTo === cls).reduce((sum, p) => sum + p.share, 0);
  return { positions: shown, mix: normalised({ equityShare: shareOf('EQUITIES'), bondShare: shareOf('BONDS'), cashShare: shareOf('CASH') }) };
}
