// The version of the scoring algorithms; every stored result records it next to the definition and norm versions.

/**
 * Bump (year.month.sequence) on every change that can alter a stored number: a formula, a rounding rule, a
 * boundary convention or a default constant in this package. Results computed under another version are then
 * recognisable, and reproducing one means running the engine of that version.
 */
// 2026.11.2: hard rules on single answers, the knowledge test and the self-estimate-vs-verdict flag (decision 0013;
// definitions of version 1 name none of them and score exactly as under 2026.11.1); model portfolios with a
// cash-like part, monthly drawdown and rule-based indications instead of probabilities (decision 0014).
export const ALGORITHM_VERSION = '2026.11.2';
