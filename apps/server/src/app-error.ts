// The one error type services throw; the error handler turns it into { errorKey, message, reqId }.
export class AppError extends Error {
  constructor(
    public readonly errorKey: string,
    public readonly statusCode: number,
    message?: string,
    public readonly headers: Record<string, string> = {},
    /** Per-field errorKeys for a form (as in validation errors). */
    public readonly fields?: { path: string; errorKey: string }[],
    /** What the refusal is about, when it names something (ZApiError.details). */
    public readonly details?: Record<string, string | number | boolean | null>,
  ) {
    super(message ?? errorKey);
    this.name = 'AppError';
  }
}
