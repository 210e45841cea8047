import crypto from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface StoredCredential {
  id: Buffer;
  privateKey: crypto.KeyObject;
  userHandle: string;
  rpId: string;
  counter: number;
}

/** How an answer is made: as a browser would (the defaults), or bent to probe the server. */
interface Bend {
  origin?: string;
  rpId?: string;
  userVerified?: boolean;
  /** The signature counter to report (default: the stored one plus one). */
  counter?: number;
  /** The challenge to sign instead of the options'. */
  challenge?: string;
}

/**
 * A software authenticator (ES256, attestation "none", discoverable credentials, user verification) that answers
 * registration and authentication options as `@simplewebauthn/browser` would hand them to the server.
 */
export function createSoftwareAuthenticator(origin: string) {
  const credentials: StoredCredential[] = [];

  function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  function coseKeyOf(publicKey: crypto.KeyObject) {
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
    return Buffer.from(isoCBOR.encode(cose));
  }

  const clientData = (type: string, challenge: string, bend: Bend) =>
    Buffer.from(JSON.stringify({ type, challenge: bend.challenge ?? challenge, origin: bend.origin ?? origin, crossOrigin: false }));

  return {
    credentials,

    /** A new credential for the options' user, as navigator.credentials.create() would make it. */
    register(options: PublicKeyCredentialCreationOptionsJSON, bend: Bend = {}): RegistrationResponseJSON {
      const rpId = bend.rpId ?? options.rp.id!;
      const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const id = crypto.randomBytes(32);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, coseKeyOf(publicKey)]);
      const flags = FLAG_UP | FLAG_AT | (bend.userVerified === false ? 0 : FLAG_UV);
      const authData = authenticatorData(rpId, flags, 0, attested);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, number> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, number>()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      credentials.push({ id, privateKey, userHandle: options.user.id, rpId, counter: 0 });
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, bend)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /** An assertion by the newest credential (or the one given), as navigator.credentials.get() would sign it. */
    authenticate(options: PublicKeyCredentialRequestOptionsJSON, bend: Bend & { credential?: StoredCredential } = {}): AuthenticationResponseJSON {
      const credential = bend.credential ?? credentials.at(-1);
      if (!credential) throw new Error('the software authenticator holds no credential');
      credential.counter = bend.counter ?? credential.counter + 1;
      const flags = FLAG_UP | (bend.userVerified === false ? 0 : FLAG_UV);
      const authData = authenticatorData(bend.rpId ?? credential.rpId, flags, credential.counter);
      const clientDataJSON = clientData('webauthn.get', options.challenge, bend);
      const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
