/**
 * Bot protection on booking submits (spec sections 7 and 8): reCAPTCHA v3 (invisible,
 * scored) with the visible v2 challenge as fallback; a local verifier when no keys are set.
 */
export type Verdict = 'pass' | 'unsure' | 'fail';
export type TokenVersion = 'v2' | 'v3';

/** The token fields of a submit, as spelt by the contract (spec section 7). */
export type BotTokens = { recaptchaV3Token?: string; recaptchaV2Token?: string; tokenVersion?: string };

/** What the browser needs to obtain tokens. */
export type PublicBotConfig = { kind: 'recaptcha'; siteKeyV3: string; siteKeyV2: string } | { kind: 'local' };

export interface BotVerifier {
  readonly kind: 'recaptcha' | 'local';
  publicConfig(): PublicBotConfig;
  /**
   * Verifies one token. v3: `pass` at or above the score threshold with the expected action,
   * `unsure` below it, `fail` when the token is invalid. v2: `pass` or `fail`.
   * A network failure to reach the verifier counts as `fail` (and is logged).
   */
  verify(token: string | undefined, version: TokenVersion, context: { action: string; remoteIp?: string }): Promise<Verdict>;
}
