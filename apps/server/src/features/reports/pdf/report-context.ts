// What every part of a report needs besides its own data: labels, formats and the width it may draw in.
import type { ReportFormat } from './format';
import type { Translate } from './labels';

export interface ReportContext {
  t: Translate;
  fmt: ReportFormat;
  /** Width of the text column in points (page width minus both margins). */
  width: number;
}
