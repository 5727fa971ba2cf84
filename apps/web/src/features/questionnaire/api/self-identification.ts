// GET and POST /api/q/{token}/self-identification: the optional step after submitting a selection or performance
// questionnaire (docs/decisions/0051). Public; the instance token is the credential. Plain fetch, no query library:
// the step is part of the participant entry (docs/decisions/0054).
import type { TSelfIdentificationForm, TSelfIdentificationRequest } from '@bq/contracts/fairness';
import { api } from '../../../lib/api-client';

const path = (instanceToken: string) => `/api/q/${encodeURIComponent(instanceToken)}/self-identification`;

export function fetchSelfIdentificationForm(instanceToken: string, signal?: AbortSignal): Promise<TSelfIdentificationForm> {
  return api.get<TSelfIdentificationForm>(path(instanceToken), { signal });
}

export function saveSelfIdentification(instanceToken: string, body: TSelfIdentificationRequest): Promise<{ saved: true }> {
  return api.post<{ saved: true }>(path(instanceToken), body);
}
