'use client';

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { countdown, type Countdown, type PromoState } from '@/lib/promo/state';
import { PromoForm, type PromoFormText } from './promo-form';
import type { PrefixOption } from '@/components/forms/phone-field';
import type { Locale } from '@/lib/i18n/locales';
import { send } from '@/lib/api/client';
import { statusAnswer } from '@/lib/api/answers/promo';
import { fill } from '@/lib/i18n/fill';

type Plural = { one: string; other: string };
export type PromoLiveText = {
  endsIn: string;
  units: { days: Plural; hours: Plural; minutes: Plural; seconds: Plural };
  /** "Only {count} promotions available!" in its plural forms, with `{count}` left in. */
  available: { one: string; other: string };
  download: string;
  formTitle: string;
  formIntro: string;
  close: string;
  titles: Record<PromoState, string>;
  texts: Record<PromoState, string>;
  form: PromoFormText;
};

type Live = { state: PromoState; remaining: number; endsAt: number; startsAt: number; offset: number };

type Props = {
  locale: Locale;
  urlName: string;
  initial: { state: PromoState; remaining: number; startsAt: string; endsAt: string };
  text: PromoLiveText;
  prefixes: PrefixOption[];
  defaultPrefix: string;
  /** The venue's country (ISO 3166): the prefix a shared one (+39, +1) is named after. */
  country?: string;
};

/** How often the remaining count is read again while the page is open. */
const REFRESH_MS = 30_000;
/** The live state is shared by the requests of one second (server/promo/http.ts): read it again after that. */
const STATE_SETTLE_MS = 1500;
/** The live region speaks the time left this often (and on every change of state), never every second. */
const ANNOUNCE_EVERY_S = 15 * 60;

/**
 * The live part of the (cached) promotion page: state, remaining count and a countdown in
 * days, hours, minutes and seconds. The server's time comes with the state
 * (`/api/promo/status`), so a device whose clock is wrong still counts to the real end.
 */
export function PromoLive({ locale, urlName, initial, text, prefixes, defaultPrefix, country }: Props) {
  const [live, setLive] = useState<Live>({
    state: initial.state,
    remaining: initial.remaining,
    startsAt: Date.parse(initial.startsAt),
    endsAt: Date.parse(initial.endsAt),
    offset: 0,
  });
  const [synced, setSynced] = useState(false);
  const [left, setLeft] = useState<Countdown | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const timerId = useId();
  const lastSpoken = useRef<string>('');

  /** Bumped when a refusal tells the state: an answer asked for before it is older news and dropped. */
  const generation = useRef(0);

  const refresh = useCallback(async () => {
    const asked = generation.current;
    const sent = Date.now();
    const { ok, body } = await send(`/api/promo/status?urlName=${encodeURIComponent(urlName)}`, statusAnswer);
    if (!ok || !body || asked !== generation.current) return;
    const received = Date.now();
    setLive({
      state: body.state,
      remaining: body.remaining,
      startsAt: Date.parse(body.startsAt),
      endsAt: Date.parse(body.endsAt),
      // The server's clock minus ours, measured at the middle of the round trip.
      offset: Date.parse(body.serverTime) - (sent + received) / 2,
    });
    setSynced(true);
  }, [urlName]);

  useEffect(() => {
    const first = setTimeout(() => void refresh(), 0);
    const every = setInterval(() => void refresh(), REFRESH_MS);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [refresh]);

  const unit = (n: number, p: Plural) => (new Intl.PluralRules(locale).select(n) === 'one' ? p.one : p.other);
  const timeLeft = (c: Countdown) =>
    `${text.endsIn} ${new Intl.ListFormat(locale, { type: 'conjunction' }).format([
      `${c.days} ${unit(c.days, text.units.days)}`,
      `${c.hours} ${unit(c.hours, text.units.hours)}`,
      `${c.minutes} ${unit(c.minutes, text.units.minutes)}`,
    ])}`;

  /** The live region: the state when it changes, and the time left every quarter of an hour; never each second. */
  const speak = (state: PromoState, c: Countdown | null) => {
    const key = state === 'active' && c ? `active:${Math.floor(c.total / ANNOUNCE_EVERY_S)}` : state;
    if (key === lastSpoken.current) return;
    const first = lastSpoken.current === '';
    lastSpoken.current = key;
    if (first) return; // the page itself says it on arrival
    setAnnouncement(state === 'active' && c ? timeLeft(c) : `${text.titles[state]}. ${text.texts[state]}`);
  };
  const speakRef = useRef(speak);
  useEffect(() => {
    speakRef.current = speak;
  });

  useEffect(() => {
    if (!synced) return;
    const tick = () => {
      const now = Date.now() + live.offset;
      const c = countdown(live.endsAt, now);
      setLeft(c);
      speakRef.current(live.state, c);
      // The end (or the start) passed while the page was open: ask the server for the new state.
      if ((live.state === 'active' && c.total === 0) || (live.state === 'inactive' && now >= live.startsAt)) void refresh();
    };
    const first = setTimeout(tick, 0);
    const every = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [synced, live, refresh]);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const onState = (state: PromoState) => {
    setOpen(false);
    generation.current += 1;
    setLive((l) => ({ ...l, state }));
    // The refusal is the newest word on the state; the live answer is shared for a second, so ask after it.
    setTimeout(() => void refresh(), STATE_SETTLE_MS);
  };

  const active = live.state === 'active';
  const pad = (n: number) => String(n).padStart(2, '0');
  const parts: [keyof PromoLiveText['units'], number | null][] = [
    ['days', left?.days ?? null],
    ['hours', left?.hours ?? null],
    ['minutes', left?.minutes ?? null],
    ['seconds', left?.seconds ?? null],
  ];

  return (
    <section className={`promo-live promo-live--${live.state}`} data-state={live.state} aria-labelledby={active ? timerId : `${timerId}-state`}>
      {active ? (
        <>
          <div className="countdown" role="timer" aria-live="off" aria-atomic="true">
            <p id={timerId} className="countdown__label">
              {text.endsIn}
            </p>
            <ol className="countdown__units">
              {parts.map(([name, value]) => (
                <li key={name} className="countdown__unit">
                  <span className="countdown__value" data-unit={name} data-long={value !== null && value >= 1000 ? '' : undefined}>
                    {value === null ? '--' : name === 'days' ? value : pad(value)}
                  </span>
                  <span className="countdown__name">{unit(value ?? 2, text.units[name])}</span>
                </li>
              ))}
            </ol>
          </div>
          <p className="promo-count" data-remaining={live.remaining}>
            {fill(text.available[new Intl.PluralRules(locale).select(live.remaining) === 'one' ? 'one' : 'other'], { count: new Intl.NumberFormat(locale).format(live.remaining) })}
          </p>
          <div className="actions">
            <button type="button" className="button button--large" aria-haspopup="dialog" onClick={() => setOpen(true)}>
              {text.download}
            </button>
          </div>
        </>
      ) : (
        <div className="promo-state" role="status">
          <h2 id={`${timerId}-state`}>{text.titles[live.state]}</h2>
          <p>{text.texts[live.state]}</p>
        </div>
      )}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <dialog ref={dialog} className="policy-dialog promo-dialog" aria-labelledby={titleId} onClose={() => setOpen(false)}>
        <div className="promo-dialog__head">
          <h2 id={titleId}>{text.formTitle}</h2>
          <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
            {text.close}
          </button>
        </div>
        <p>{text.formIntro}</p>
        {open ? <PromoForm locale={locale} urlName={urlName} text={text.form} prefixes={prefixes} defaultPrefix={defaultPrefix} country={country} onState={onState} /> : null}
      </dialog>
    </section>
  );
}
