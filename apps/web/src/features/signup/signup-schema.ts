// The sign-up form: the contract's sign-up fields plus the repeated password and the terms checkbox (kept as the
// string 'true' in the form), checked with the password policy like the server does.
import { z } from 'zod';
import { ZSelfAssessmentSignupRequest } from '@bq/contracts/signup';
import { refineNewPassword } from '../../lib/password-form';

export const ZSignupForm = ZSelfAssessmentSignupRequest.pick({ email: true, password: true, firstName: true, lastName: true })
  .extend({
    email: z.string().trim().min(1, 'error.validation.required').pipe(z.email('error.validation.invalid_email').max(254)),
    passwordRepeat: z.string(),
    termsAccepted: z.string(),
  })
  .superRefine((values, ctx) => {
    refineNewPassword(values, ctx, values);
    if (values.termsAccepted !== 'true') {
      ctx.addIssue({ code: 'custom', path: ['termsAccepted'], message: 'error.validation.terms_not_accepted' });
    }
  });

export type SignupField = 'firstName' | 'lastName' | 'email' | 'password' | 'passwordRepeat' | 'termsAccepted';
