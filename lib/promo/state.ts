/**
 * Promotion states (spec section 4, "Promotions") and the countdown, shared by the server
 * and the page's countdown. No imports: this file ships to the browser.
 *
 * - `disabled`: the venue switched the promotion off;
 * - `expired`: past the end of its "valid until" day: codes can no longer be used;
 * - `inactive`: not started yet;
 * - `terminated`: no more codes to request: all taken, or the countdown has ended;
 * - `active`: the countdown runs and codes remain.
 */
export const promoStates = ['active', 'inactive', 'expired', 'terminated', 'disabled'] as const;
export type PromoState = (typeof promoStates)[number];

export type PromoTimes = { active: boolean; startsAt: number; endsAt: number; expiresAt: number };

export function promoState(p: PromoTimes, remaining: number, now: number): PromoState {
  if (!p.active) return 'disabled';
  if (now >= p.expiresAt) return 'expired';
  if (now < p.startsAt) return 'inactive';
  if (now >= p.endsAt || remaining <= 0) return 'terminated';
  return 'active';
}

export type Countdown = { days: number; hours: number; minutes: number; seconds: number; total: number };

/**
 * Time left until `end`, in days, hours, minutes and seconds (spec section 9). Elapsed
 * time, not wall-clock arithmetic: a day is 24 hours, so a change to or from summer time
 * neither skips nor repeats a second, and the countdown reaches zero at the end instant.
 */
export function countdown(end: number, now: number): Countdown {
  const total = Math.max(0, Math.floor((end - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    total,
  };
}
