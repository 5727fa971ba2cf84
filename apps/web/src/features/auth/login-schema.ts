// The login form validates the fields it shows with the server's own request schema.
import { ZLoginRequest } from '@bq/contracts/auth';

export const ZLoginForm = ZLoginRequest.pick({ email: true, password: true });

export type LoginField = 'email' | 'password';
