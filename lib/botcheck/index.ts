import 'server-only';
import type { BotVerifier, TokenVersion } from './types';
import { localVerifier } from './local';
import { recaptchaVerifier } from './recaptcha';

const KEYS = ['RECAPTCHA_SECRET_KEY_V3', 'RECAPTCHA_SECRET_KEY_V2', 'RECAPTCHA_SITE_KEY_V3', 'RECAPTCHA_SITE_KEY_V2'] as const;

/** reCAPTCHA when its four keys are set, the local verifier when none is; a partial set is refused. */
export function botVerifier(): BotVerifier {
  const set = KEYS.filter((k) => process.env[k]);
  if (!set.length) return localVerifier();
  const missing = KEYS.filter((k) => !process.env[k]);
  if (missing.length) throw new Error(`reCAPTCHA is partly configured: set ${missing.join(', ')}`);
  return recaptchaVerifier({
    secretV3: process.env.RECAPTCHA_SECRET_KEY_V3!,
    secretV2: process.env.RECAPTCHA_SECRET_KEY_V2!,
    siteKeyV3: process.env.RECAPTCHA_SITE_KEY_V3!,
    siteKeyV2: process.env.RECAPTCHA_SITE_KEY_V2!,
    threshold: process.env.RECAPTCHA_THRESHOLD ? Number(process.env.RECAPTCHA_THRESHOLD) : undefined,
    verifyUrl: process.env.RECAPTCHA_VERIFY_URL || undefined,
  });
}

/** Spec section 7: `tokenVersion` is `v2` when a v2 token is present, otherwise `v3`; the server decides from the tokens. */
export function readTokens(params: URLSearchParams | Record<string, string | undefined>): { version: TokenVersion; token: string | undefined } {
  const get = (k: string) => (params instanceof URLSearchParams ? params.get(k) : params[k]) || undefined;
  const v2 = get('recaptchaV2Token');
  return v2 ? { version: 'v2', token: v2 } : { version: 'v3', token: get('recaptchaV3Token') };
}
