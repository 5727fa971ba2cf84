// Test data of the certificates feature: a BQP certificate as the content endpoint answers it, and the answers of
// the public verification.
import type { TCertificateContent, TCertificateVerification } from '@bq/contracts/reports';

export function certificateOf(overrides: Partial<TCertificateContent> = {}): TCertificateContent {
  const german = overrides.locale === 'DE_DE';
  return {
    locale: 'EN_US',
    instanceToken: 'i1',
    status: 'VALID',
    holder: { firstName: 'Jürgen', lastName: 'Schäfer' },
    interactionName: german ? 'Leistungsprofil' : 'Performance profile',
    accountName: 'Demo Consulting',
    issuedAt: '2026-04-05T10:00:00Z',
    completedAt: '2026-04-03T09:00:00Z',
    revokedAt: null,
    verificationUrl: 'https://bq.example/verify/certificate/vt_123',
    strengths: ['Conscientiousness', 'Resilience'],
    texts: german
      ? { 'report.certificate.heading': 'Zertifikat', 'report.certificate.issuedAt': 'Ausstellungsdatum' }
      : {
          'report.certificate.heading': 'Certificate',
          'report.certificate.intro': 'This is to certify that',
          'report.certificate.completed': 'has completed the questionnaire',
          'report.certificate.issuedBy': 'Issued by',
          'report.certificate.issuedAt': 'Date of issue',
          'report.certificate.strengths': 'Particular strengths',
          'report.certificate.revoked': 'REVOKED on {{date}}',
          'report.certificate.revokedNote': 'This certificate has been revoked and is no longer valid.',
        },
    fileName: 'Certificate_Schaefer_Juergen_04-05-2026.pdf',
    canManage: false,
    dashboardPath: null,
    ...overrides,
  };
}

export function verificationOf(overrides: Partial<TCertificateVerification> = {}): TCertificateVerification {
  return {
    status: 'VALID',
    holderName: 'Jürgen Schäfer',
    interactionName: 'Performance profile',
    accountName: 'Demo Consulting',
    issuedAt: '2026-04-05T10:00:00Z',
    revokedAt: null,
    ...overrides,
  };
}
