import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_DISPLAY_CHARS, API_KEY_PREFIX } from '@behavio/contract';

/** 32 random bytes: 256 bits, far past any search (docs/security.md, "API keys"). */
const SECRET_BYTES = 32;

export interface NewApiKey {
  /** The secret, answered once and never kept. */
  key: string;
  /** Its first characters, kept in clear so the admin can tell keys apart. */
  prefix: string;
  hash: string;
}

/**
 * SHA-256 of the whole key. A fast hash is enough here, unlike for passwords: the key is 256
 * random bits, so a stolen hash cannot be reversed by guessing, however fast the guesses.
 */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export function generateApiKey(): NewApiKey {
  const key = API_KEY_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
  return { key, prefix: key.slice(0, API_KEY_DISPLAY_CHARS), hash: hashApiKey(key) };
}

/** Whether a bearer token is shaped as an API key (a session token is a JWT: it has dots). */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);
