import argon2 from 'argon2';

/** Argon2id with the library's defaults (64 MiB, 3 passes). */
export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

// A hash to verify against when the account does not exist, so both answers take the same time.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('decoy-password-for-timing'));

/** Made when the token routes start, so the first unknown email does not also pay for hashing the decoy. */
export const prepareDecoyHash = async () => void (await decoy());

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    await argon2.verify(await decoy(), password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
