// POST /api/presignup/bqaself and /api/presignup/selfassessment: the server checks the form; nothing is stored.
import type { TPreSignupResponse, TSignupRequest } from '@bq/contracts/signup';
import { api } from '../../../lib/api-client';

export type SignupKind = 'bqa' | 'selfassessment';

export function preSignup(kind: SignupKind, request: TSignupRequest): Promise<TPreSignupResponse> {
  const { productType: _productType, ...rest } = request;
  return api.post<TPreSignupResponse>(`/api/presignup/${kind === 'bqa' ? 'bqaself' : 'selfassessment'}`, kind === 'bqa' ? request : rest);
}
