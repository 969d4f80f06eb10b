import { hash, verify } from '@node-rs/argon2';
import commonPasswords from 'fxa-common-password-list';
import { newPasswordSchema as contractPassword } from '@mnemo/contracts/api/auth';

/** argon2id (algorithm 2; the package's enum is a const enum) with OWASP's 19 MiB, 2 iterations. */
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);
export const verifyPassword = async (stored: string, password: string) => {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
};

/** A hash to verify against when the account does not exist, so timing does not reveal that. */
let dummy: Promise<string> | undefined;
export const dummyVerify = async (password: string) => {
  dummy ??= hashPassword('not-a-real-password-for-timing');
  await verifyPassword(await dummy, password);
  return false;
};

/**
 * ASVS V6.2: the contracts' 8 to 128 characters, and not one of the passwords attackers try first.
 * The common-password list is the auth service's own rule (a 1 MB list no client should load).
 */
export const newPasswordSchema = contractPassword.refine(
  (p) => !commonPasswords.test(p) && !commonPasswords.test(p.toLowerCase()),
  { message: 'This password is too common. Please choose another one.' },
);
