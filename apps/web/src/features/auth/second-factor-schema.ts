// The second step's two forms validate with the server's own code schemas (loaded with the form, not the login page).
import { z } from 'zod';
import { ZRecoveryCode, ZTotpCode } from '@bq/contracts/two-factor';

export const ZCodeForm = z.object({ code: ZTotpCode });
export const ZRecoveryCodeForm = z.object({ recoveryCode: ZRecoveryCode });
