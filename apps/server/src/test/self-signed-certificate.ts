// A self-signed X.509 certificate made with node:crypto alone (an RSA key and a minimal v1 certificate in DER), for
// the test SAML identity provider: node-saml and the settings check want a real certificate, not a bare public key.
import { X509Certificate, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

const der = (tag: number, body: Buffer): Buffer => {
  const length = body.length < 0x80 ? Buffer.from([body.length]) : lengthBytes(body.length);
  return Buffer.concat([Buffer.from([tag]), length, body]);
};
function lengthBytes(n: number): Buffer {
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const sequence = (...items: Buffer[]) => der(0x30, Buffer.concat(items));
const oid = (dotted: string) => {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const body = [a! * 40 + b!];
  for (const part of rest) {
    const chunk = [part & 0x7f];
    for (let v = part >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    body.push(...chunk);
  }
  return der(0x06, Buffer.from(body));
};
const utcTime = (date: Date) => der(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`));
const generalizedTime = (date: Date) => der(0x18, Buffer.from(`${date.toISOString().slice(0, 19).replace(/[-:T]/g, '')}Z`));
const name = (commonName: string) => sequence(der(0x31, sequence(oid('2.5.4.3'), der(0x0c, Buffer.from(commonName)))));

export interface TestSigningKey {
  privateKeyPem: string;
  certificatePem: string;
}

export function selfSignedCertificate(commonName: string, validity: { from?: Date; to?: Date } = {}): TestSigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const sha256WithRsa = sequence(oid('1.2.840.113549.1.1.11'), der(0x05, Buffer.alloc(0)));
  const serial = randomBytes(8);
  // A positive INTEGER in minimal DER: top bit clear, and never a leading zero byte. With `& 0x7f` alone a first byte
  // of 0 (about 1 certificate in 250) made an INTEGER OpenSSL refuses ("illegal padding"), failing a test file in CI.
  serial[0] = (serial[0]! & 0x3f) | 0x40;
  const from = validity.from ?? new Date(Date.now() - 86_400_000);
  const to = validity.to ?? new Date(Date.now() + 5 * 365 * 86_400_000);
  const time = (d: Date) => (d.getUTCFullYear() < 2050 ? utcTime(d) : generalizedTime(d));
  const tbs = sequence(der(0x02, serial), sha256WithRsa, name(commonName), sequence(time(from), time(to)), name(commonName), publicKey.export({ type: 'spki', format: 'der' }));
  const signature = sign('sha256', tbs, privateKey);
  const certificate = sequence(tbs, sha256WithRsa, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const body = certificate.toString('base64').match(/.{1,64}/g)!.join('\n');
  const certificatePem = `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`;
  new X509Certificate(certificatePem); // throws if the encoding above were wrong
  return { privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), certificatePem };
}
