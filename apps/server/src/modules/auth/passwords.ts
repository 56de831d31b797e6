import argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes); the hash string carries its own parameters.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a real hash, or against a dummy one when the account does not exist,
 * so that the response time does not reveal whether an email is registered.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password');
  const target = hash ?? (await dummyHash);
  const ok = await argon2.verify(target, password).catch(() => false);
  return ok && hash !== undefined;
}
