// Badge colours of client groups and interaction states: one meaning per colour across list and client view
// (red needs attention, orange soon, green done). Texts are translated by key: clientGroup.*, interactionStatus.*,
// lockStatus.*, expirationStatus.*.
import type { EXPIRATION_STATUSES, INTERACTION_STATUSES, LOCK_STATUSES } from '@bq/contracts/clients';
import type { ClientGroup } from '@bq/domain/client-rules';

type InteractionStatus = (typeof INTERACTION_STATUSES)[number];
type LockStatus = (typeof LOCK_STATUSES)[number];
type ExpirationStatus = (typeof EXPIRATION_STATUSES)[number];

export const GROUP_COLORS: Record<ClientGroup, string> = { PROSPECT: 'grape', ESTABLISHED: 'teal' };

export const INTERACTION_STATUS_COLORS: Record<InteractionStatus, string> = {
  NEW: 'gray',
  OPENED: 'blue',
  FILLED: 'cyan',
  CALCULATING: 'indigo',
  PREDICTING: 'indigo',
  RESULTS_AVAILABLE: 'green',
  PREDICTION_ERROR: 'red',
  ERROR: 'red',
  CLOSED: 'dark',
};

export const LOCK_STATUS_COLORS: Record<LockStatus, string> = {
  LOCKED: 'gray',
  UNLOCKED: 'green',
  TRIAL: 'orange',
};

export const EXPIRATION_COLORS: Record<ExpirationStatus, string> = {
  EXPIRED: 'red',
  EXPIRE_THIS_MONTH: 'orange',
  EXPIRE_NEXT_MONTH: 'yellow',
};

/** Badge props that keep the whole text: table columns would otherwise cut long (German) states short. */
export const FULL_TEXT_BADGE = { maw: 'none', styles: { label: { overflow: 'visible' } } } as const;
