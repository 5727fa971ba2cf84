// The signature algorithms a SAML answer may use (issue 36 point 12, review L10): RSA with SHA-256 or SHA-512, and
// digests of the same strength. xml-crypto accepts RSA-SHA1 and SHA-1 digests by default and node-saml does not narrow
// them, so every SignatureMethod and DigestMethod anywhere in the answer is checked before node-saml verifies it. A
// signature elsewhere in the document (a wrapping attempt) is held to the same rule.
import { DOMParser } from '@xmldom/xmldom';
import { AppError } from '../../app-error';
import { SAML_ERRORS } from './saml-assertion';

const XMLDSIG = 'http://www.w3.org/2000/09/xmldsig#';
const SIGNATURE_METHODS = new Set(['http://www.w3.org/2001/04/xmldsig-more#rsa-sha256', 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512']);
const DIGEST_METHODS = new Set(['http://www.w3.org/2001/04/xmlenc#sha256', 'http://www.w3.org/2001/04/xmlenc#sha512']);

const weak = () => new AppError(SAML_ERRORS.weakAlgorithm, 401, 'The answer is signed with an algorithm this service does not accept (RSA-SHA256 or RSA-SHA512 only)');

export function checkAlgorithms(samlResponse: string): void {
  let document;
  try {
    document = new DOMParser({ errorHandler: () => undefined }).parseFromString(Buffer.from(samlResponse, 'base64').toString('utf8'), 'text/xml');
  } catch {
    return; // Not XML: node-saml refuses it next.
  }
  const algorithms = (name: string) => Array.from(document.getElementsByTagNameNS(XMLDSIG, name)).map((e) => e.getAttribute('Algorithm') ?? '');
  if (algorithms('SignatureMethod').some((a) => !SIGNATURE_METHODS.has(a))) throw weak();
  if (algorithms('DigestMethod').some((a) => !DIGEST_METHODS.has(a))) throw weak();
}
