// The version of the scoring algorithms; every stored result records it next to the definition and norm versions.

/**
 * Bump (year.month.sequence) on every change that can alter a stored number: a formula, a rounding rule, a
 * boundary convention or a default constant in this package. Results computed under another version are then
 * recognisable, and reproducing one means running the engine of that version.
 */
export const ALGORITHM_VERSION = '2026.11.2';
