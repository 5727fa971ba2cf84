// The test identity provider's certificate is valid DER every time, not only for most random serials (a leading zero
// byte once made a test file fail in CI with "illegal padding").
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { selfSignedCertificate } from './self-signed-certificate';

describe('selfSignedCertificate', () => {
  it('parses for many random serials, each a positive minimal INTEGER', () => {
    for (let i = 0; i < 60; i++) {
      const { certificatePem } = selfSignedCertificate(`Test IdP ${i}`);
      const serial = new X509Certificate(certificatePem).serialNumber;
      expect(serial).toMatch(/^[4-7][0-9A-F]{15}$/);
    }
  }, 60_000);
});
