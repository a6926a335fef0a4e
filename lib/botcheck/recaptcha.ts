import { errorMessage, log } from '@/lib/log';
import type { BotVerifier, Verdict } from './types';

type Options = { secretV3: string; secretV2: string; siteKeyV3: string; siteKeyV2: string; threshold?: number; verifyUrl?: string; hostname?: string };
type Answer = { success?: boolean; score?: number; action?: string; hostname?: string };

/**
 * Google reCAPTCHA: v3 scores the submit (pass at or above the threshold with the expected
 * action, unsure below it), v2 is the visible challenge (pass or fail). Tokens are checked
 * with siteverify; failing to reach it counts as a failure.
 */
export function recaptchaVerifier({ secretV3, secretV2, siteKeyV3, siteKeyV2, threshold = 0.5, verifyUrl = 'https://www.google.com/recaptcha/api/siteverify', hostname }: Options): BotVerifier {
  return {
    kind: 'recaptcha',
    publicConfig: () => ({ kind: 'recaptcha', siteKeyV3, siteKeyV2 }),
    async verify(token, version, { action, remoteIp }): Promise<Verdict> {
      if (!token || token.length > 4000) return 'fail';
      const form = new URLSearchParams({ secret: version === 'v3' ? secretV3 : secretV2, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let answer: Answer;
      try {
        const response = await fetch(verifyUrl, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, signal: AbortSignal.timeout(10_000) });
        if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
        answer = (await response.json()) as Answer;
      } catch (error) {
        log.warn('botcheck_unreachable', { version, error: errorMessage(error) });
        return 'fail';
      }
      if (!answer.success) return 'fail';
      if (hostname && answer.hostname && answer.hostname !== hostname) return 'fail';
      if (version === 'v2') return 'pass';
      if (answer.action !== action) return 'fail';
      return (answer.score ?? 0) >= threshold ? 'pass' : 'unsure';
    },
  };
}
