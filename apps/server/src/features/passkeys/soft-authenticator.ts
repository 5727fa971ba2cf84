// A software authenticator for the API tests (docs/decisions/0045): it answers registration and assertion options as
// a real one does, with attestation "none", an ES256 key from node:crypto, authenticator data built byte by byte
// (WebAuthn Level 3, 6.1) and the signature over authenticatorData || SHA-256(clientDataJSON). So the server's
// checks run on real responses; the knobs (origin, counter, user verification) let tests forge the refusals.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface SoftPasskey {
  credentialId: Uint8Array;
  privateKey: KeyObject;
  publicJwk: { x: string; y: string };
  counter: number;
  userHandle: string;
}

interface Knobs {
  origin: string;
  /** Overrides the RP ID whose hash goes into the authenticator data (default: the options' one). */
  rpId?: string;
  userVerified?: boolean;
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Uint8Array {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Uint8Array {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** navigator.credentials.create() for the options of POST /api/user/2fa/passkeys/registration-options. */
export function createPasskey(options: { challenge: string; rp: { id?: string }; user: { id: string } }, knobs: Knobs) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  const credentialId = randomBytes(32);
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x)],
      [-3, isoBase64URL.toBuffer(jwk.y)],
    ]),
  );
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, cose]);
  // UP, UV (unless turned off), AT.
  const flags = 0x01 | (knobs.userVerified === false ? 0 : 0x04) | 0x40;
  const authData = authenticatorData(knobs.rpId ?? options.rp.id ?? '', flags, 0, attested);
  const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
  const passkey: SoftPasskey = { credentialId, privateKey, publicJwk: jwk, counter: 0, userHandle: options.user.id };
  const response = {
    id: b64(credentialId),
    rawId: b64(credentialId),
    response: {
      clientDataJSON: b64(clientData('webauthn.create', options.challenge, knobs.origin)),
      attestationObject: b64(attestationObject),
      transports: ['internal'],
    },
    clientExtensionResults: {},
    type: 'public-key' as const,
  };
  return { passkey, response };
}

/** navigator.credentials.get() with this passkey for assertion options; the counter goes up by one each time. */
export function assertWith(passkey: SoftPasskey, options: { challenge: string; rpId?: string }, knobs: Knobs & { counter?: number }) {
  passkey.counter = knobs.counter ?? passkey.counter + 1;
  const flags = 0x01 | (knobs.userVerified === false ? 0 : 0x04);
  const authData = authenticatorData(knobs.rpId ?? options.rpId ?? '', flags, passkey.counter);
  const data = clientData('webauthn.get', options.challenge, knobs.origin);
  const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), passkey.privateKey);
  return {
    id: b64(passkey.credentialId),
    rawId: b64(passkey.credentialId),
    response: { clientDataJSON: b64(data), authenticatorData: b64(authData), signature: b64(signature), userHandle: passkey.userHandle },
    clientExtensionResults: {},
    type: 'public-key' as const,
  };
}
