'use client';

import { useRef, useState } from 'react';
import { useBotcheck } from '@/components/botcheck/use-botcheck';
import type { PublicBotConfig } from '@/lib/botcheck/types';

export type BotTokens = { recaptchaV3Token?: string; recaptchaV2Token?: string; tokenVersion: 'v2' | 'v3' };

/**
 * The bot check of a booking submit (spec section 7), shared by the table wizard and the
 * experience form: the first submit carries the invisible (v3) token; when the server is
 * unsure the visible challenge is shown, and the retry carries both tokens, the v3 one of
 * the first submit and the challenge's v2, with `tokenVersion: v2`.
 */
export function useBotSubmit(config: PublicBotConfig) {
  const bot = useBotcheck(config);
  const lastV3 = useRef<string | undefined>(undefined);
  const [challenge, setChallenge] = useState(false);
  const [failed, setFailed] = useState(false);
  const tokens = async (v2Token?: string): Promise<BotTokens> => {
    if (v2Token) return { recaptchaV3Token: lastV3.current, recaptchaV2Token: v2Token, tokenVersion: 'v2' };
    lastV3.current = await bot.getV3Token('reserve');
    return { recaptchaV3Token: lastV3.current, tokenVersion: 'v3' };
  };
  /** Reads a refused submit: `botcheckUnsure` opens the challenge, `botcheckFailed` the failure panel. Returns whether it was the bot check. */
  const refused = (error: string) => {
    if (error === 'botcheckUnsure') {
      setChallenge(true);
      return true;
    }
    if (error === 'botcheckFailed') {
      setChallenge(false);
      setFailed(true);
      return true;
    }
    return false;
  };
  const reset = () => {
    setChallenge(false);
    setFailed(false);
  };
  return { tokens, refused, challenge, failed, reset, passed: () => setChallenge(false) };
}
