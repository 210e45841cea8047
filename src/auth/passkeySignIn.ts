import { startAuthentication } from '@simplewebauthn/browser';
import passkeysEn from '../../i18n/passkeys.en';
import passkeysVi from '../../i18n/passkeys.vi';
import { lookup } from '../../i18n/interpolate';
import { languagePreference } from '../preferences/language';
import { adoptSignIn } from '../providers/auth/secondFactorSignIn';
import { isPasskeyPromptCancelled, passkeyApi } from '../passkeys/passkeyApi';

/**
 * Signs in with a passkey: password-less without `challenge`, or as the second step of the sign-in challenge the
 * password step answered. The sign-in page imports this module only when the person asks for it (with
 * @simplewebauthn/browser and its messages), so none weighs on the sign-in bundle. Throws an Error to show: the
 * prompt was cancelled or timed out, or the server's refusal (ApiError).
 */
export async function signInWithPasskey(challenge?: string): Promise<void> {
  const optionsJSON = await passkeyApi.signInOptions(challenge);
  const response = await startAuthentication({ optionsJSON }).catch((error: unknown) => {
    if (!isPasskeyPromptCancelled(error)) throw error;
    const catalogue = languagePreference.get() === 'vi' ? passkeysVi : passkeysEn;
    throw new Error(lookup(catalogue, 'passkeys.signInCancelled'));
  });
  await adoptSignIn(await passkeyApi.signIn(response, challenge));
}
