import { z } from 'zod';

export const ZPermission = z
  .object({ realm: z.string(), entity: z.string(), action: z.string() })
  .meta({ id: 'Permission' });
export type TPermission = z.infer<typeof ZPermission>;
