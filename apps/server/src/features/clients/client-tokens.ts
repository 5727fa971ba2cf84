// Tokens that identify clients and instances in URLs: 144 random bits, URL-safe, never sequential.
import { randomBytes } from 'node:crypto';

export function newPublicToken(): string {
  return randomBytes(18).toString('base64url');
}
