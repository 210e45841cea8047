import crypto from 'node:crypto';

/** Tokens handed to clients are random; only their SHA-256 is stored. */
export const newOpaqueToken = () => crypto.randomBytes(32).toString('base64url');
export const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
