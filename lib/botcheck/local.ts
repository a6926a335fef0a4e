import type { BotVerifier, TokenVersion, Verdict } from './types';

/** The cookie that lets tests (and a developer) choose the local verifier's verdicts. */
export const LOCAL_BOTCHECK_COOKIE = 'frontpage-botcheck';

/**
 * Verdicts chosen by the cookie: absent → pass/pass; `unsure` → v3 unsure, v2 pass;
 * `fail` → v3 fail; `unsure,fail` → v3 unsure, then the v2 challenge fails.
 */
export function localVerdicts(cookieValue: string | undefined): { v3: Verdict; v2: Verdict } {
  switch ((cookieValue ?? '').trim()) {
    case 'unsure':
      return { v3: 'unsure', v2: 'pass' };
    case 'fail':
      return { v3: 'fail', v2: 'pass' };
    case 'unsure,fail':
      return { v3: 'unsure', v2: 'fail' };
    default:
      return { v3: 'pass', v2: 'pass' };
  }
}

/** A local token: `local.{version}.{verdict}.{nonce}` (works in the browser and on the server). */
export function localToken(version: TokenVersion, verdict: Verdict): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  const nonce = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `local.${version}.${verdict}.${nonce}`;
}

const TOKEN = /^local\.(v2|v3)\.(pass|unsure|fail)\.[A-Za-z0-9_-]{8,64}$/;

/** The verifier used when no reCAPTCHA keys are configured: the token carries its verdict. */
export function localVerifier(): BotVerifier {
  return {
    kind: 'local',
    publicConfig: () => ({ kind: 'local' }),
    async verify(token, version) {
      const match = token ? TOKEN.exec(token) : null;
      if (!match || match[1] !== version) return 'fail';
      const verdict = match[2] as Verdict;
      // The visible challenge is solved or not: it is never "unsure".
      if (version === 'v2' && verdict === 'unsure') return 'fail';
      return verdict;
    },
  };
}
