'use client';

import { LOCAL_BOTCHECK_COOKIE, localToken, localVerdicts } from '@/lib/botcheck/local';
import type { PublicBotConfig } from '@/lib/botcheck/types';

type Grecaptcha = {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
  render(element: HTMLElement, options: { sitekey: string; callback: (token: string) => void }): number;
};
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const scripts = new Map<string, Promise<Grecaptcha | null>>();
/** Loads a reCAPTCHA script once; resolves null when it cannot load (the server then refuses the check). */
export function loadRecaptcha(src: string): Promise<Grecaptcha | null> {
  let promise = scripts.get(src);
  if (!promise) {
    promise = new Promise((resolve) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => (window.grecaptcha ? window.grecaptcha.ready(() => resolve(window.grecaptcha ?? null)) : resolve(null));
      script.onerror = () => resolve(null);
      document.head.appendChild(script);
    });
    scripts.set(src, promise);
  }
  return promise;
}

export function cookieVerdicts() {
  const value = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${LOCAL_BOTCHECK_COOKIE}=`))
    ?.slice(LOCAL_BOTCHECK_COOKIE.length + 1);
  return localVerdicts(value ? decodeURIComponent(value) : undefined);
}

/** The invisible check's token for a submit: reCAPTCHA v3, or the local verifier's. */
export function useBotcheck(config: PublicBotConfig) {
  return {
    async getV3Token(action: string): Promise<string> {
      if (config.kind === 'local') return localToken('v3', cookieVerdicts().v3);
      const grecaptcha = await loadRecaptcha(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(config.siteKeyV3)}`);
      if (!grecaptcha) return '';
      return grecaptcha.execute(config.siteKeyV3, { action }).catch(() => '');
    },
  };
}
