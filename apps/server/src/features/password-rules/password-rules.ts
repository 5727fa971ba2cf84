// The one check every place that sets a password runs (sign-up and pre-sign-up, reset, change, demo password):
// length and strength (decision 0003), then not common or breached, then not the person's address or name
// (decision 0032). Each refusal has its own stable errorKey, so the form can say what to change.
import { ERROR_KEYS } from '@bq/contracts/errors';
import { checkPassword } from '@bq/domain/password-policy';
import { containsPersonalData, type PersonalData } from '@bq/domain/password-screening';
import { AppError } from '../../app-error';
import { isCommonPassword } from './common-passwords';

/** The 400 error keys a route that takes a new password declares. */
export const NEW_PASSWORD_ERRORS = [ERROR_KEYS.weakPassword, ERROR_KEYS.commonPassword, ERROR_KEYS.personalDataInPassword] as const;

export function assertNewPasswordAcceptable(password: string, person: PersonalData): void {
  if (!checkPassword(password).acceptable) throw new AppError(ERROR_KEYS.weakPassword, 400, 'The password does not meet the rules');
  if (isCommonPassword(password)) {
    throw new AppError(ERROR_KEYS.commonPassword, 400, 'This password is too common (it appears in lists of leaked passwords)');
  }
  if (containsPersonalData(password, person)) {
    throw new AppError(ERROR_KEYS.personalDataInPassword, 400, 'The password must not contain your e-mail address or name');
  }
}
