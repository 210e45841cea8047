import { startAuthentication } from '@simplewebauthn/browser';
import { adoptSignIn } from '../providers/auth/secondFactorSignIn';
import { passkeyApi } from '../passkeys/passkeyApi';

/**
 * Signs in with a passkey: password-less without `challenge`, or as the second step of the sign-in challenge the
 * password step answered. The sign-in page imports this module only when the person asks for it (with
 * @simplewebauthn/browser), so neither weighs on the sign-in bundle. Throws the browser's error when the prompt was
 * cancelled (see isPasskeyPromptCancelled) and the server's ApiError when it refused.
 */
export async function signInWithPasskey(challenge?: string): Promise<void> {
  const optionsJSON = await passkeyApi.signInOptions(challenge);
  const response = await startAuthentication({ optionsJSON });
  await adoptSignIn(await passkeyApi.signIn(response, challenge));
}

export { isPasskeyPromptCancelled } from '../passkeys/passkeyApi';
