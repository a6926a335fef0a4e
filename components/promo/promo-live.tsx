'use client';

import { lazy, Suspense, use, useCallback, useEffect, useId, useRef, useState } from 'react';
import { countdown, type Countdown, type PromoState } from '@/lib/promo/state';
import { useTranslations } from 'next-intl';
import { fetchedPrefixes } from '@/components/forms/fetched-prefixes';
import type { Locale } from '@/lib/i18n/locales';
import { send } from '@/lib/api/client';
import { statusAnswer } from '@/lib/api/answers/promo';

// The form (react-hook-form, the phone field, the rules) is not in the page's first load: it is
// fetched when the guest points at, touches or focuses the button that opens it (not at idle:
// its evaluation would be a long task of the page's load, issue 43).
const loadForm = () => import('./promo-form');
const PromoForm = lazy(() => loadForm().then((m) => ({ default: m.PromoForm })));
const preloadForm = () => void loadForm().catch(() => undefined);

/** The form once the venue's phone prefixes are there: not in the page's HTML either (11.7 KB of it), fetched with the form (components/forms/fetched-prefixes.ts). */
function PromoFormWithPrefixes(props: Omit<React.ComponentProps<typeof PromoForm>, 'prefixes'>) {
  const prefixes = use(fetchedPrefixes({ locale: props.locale, country: props.country, defaultPrefix: props.defaultPrefix }));
  return <PromoForm {...props} prefixes={prefixes} />;
}

type Unit = 'days' | 'hours' | 'minutes' | 'seconds';

type Live = { state: PromoState; remaining: number; endsAt: number; startsAt: number; offset: number };

type Props = {
  locale: Locale;
  urlName: string;
  initial: { state: PromoState; remaining: number; startsAt: string; endsAt: string };
  /** The promotion's dates as the guest reads them: its start (in the venue's time) and the last day its codes are valid. */
  dates: { starts: string; validUntil: string };
  /** The venue's privacy and marketing policies, in the guest's language. */
  policies: { privacy: string; marketing: string };
  /** The venue's own prefix (its phone prefixes are fetched with the form). */
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
export function PromoLive({ locale, urlName, initial, dates, policies, defaultPrefix, country }: Props) {
  const t = useTranslations('promo');
  const preload = () => {
    preloadForm();
    void fetchedPrefixes({ locale, country, defaultPrefix });
  };
  const title = (state: PromoState) => (state === 'disabled' ? t('disabledTitle') : t(`states.${state}Title`));
  const text = (state: PromoState) =>
    state === 'active' ? '' : state === 'disabled' ? t('states.disabledText') : t(`states.${state}Text`, { date: state === 'inactive' ? dates.starts : dates.validUntil });
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

  const unit = (n: number, name: Unit) => (new Intl.PluralRules(locale).select(n) === 'one' ? t(`units.${name}.one`) : t(`units.${name}.other`));
  const timeLeft = (c: Countdown) =>
    `${t('endsIn')} ${new Intl.ListFormat(locale, { type: 'conjunction' }).format([
      `${c.days} ${unit(c.days, 'days')}`,
      `${c.hours} ${unit(c.hours, 'hours')}`,
      `${c.minutes} ${unit(c.minutes, 'minutes')}`,
    ])}`;

  /** The live region: the state when it changes, and the time left every quarter of an hour; never each second. */
  const speak = (state: PromoState, c: Countdown | null) => {
    const key = state === 'active' && c ? `active:${Math.floor(c.total / ANNOUNCE_EVERY_S)}` : state;
    if (key === lastSpoken.current) return;
    const first = lastSpoken.current === '';
    lastSpoken.current = key;
    if (first) return; // the page itself says it on arrival
    setAnnouncement(state === 'active' && c ? timeLeft(c) : `${title(state)}. ${text(state)}`);
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
  const parts: [Unit, number | null][] = [
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
              {t('endsIn')}
            </p>
            <ol className="countdown__units">
              {parts.map(([name, value]) => (
                <li key={name} className="countdown__unit">
                  <span className="countdown__value" data-unit={name} data-long={value !== null && value >= 1000 ? '' : undefined}>
                    {value === null ? '--' : name === 'days' ? value : pad(value)}
                  </span>
                  <span className="countdown__name">{unit(value ?? 2, name)}</span>
                </li>
              ))}
            </ol>
          </div>
          <p className="promo-count" data-remaining={live.remaining}>
            {t('available', { count: live.remaining })}
          </p>
          <div className="actions">
            <button type="button" className="button button--large" aria-haspopup="dialog" onPointerEnter={preload} onFocus={preload} onClick={() => setOpen(true)}>
              {t('download')}
            </button>
          </div>
        </>
      ) : (
        <div className="promo-state" role="status">
          <h2 id={`${timerId}-state`}>{title(live.state)}</h2>
          <p>{text(live.state)}</p>
        </div>
      )}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <dialog ref={dialog} className="policy-dialog promo-dialog" aria-labelledby={titleId} onClose={() => setOpen(false)}>
        <div className="promo-dialog__head">
          <h2 id={titleId}>{t('formTitle')}</h2>
          <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
            {t('close')}
          </button>
        </div>
        <p>{t('formIntro')}</p>
        {open ? (
          <Suspense fallback={null}>
            <PromoFormWithPrefixes locale={locale} urlName={urlName} policies={policies} defaultPrefix={defaultPrefix} country={country} onState={onState} />
          </Suspense>
        ) : null}
      </dialog>
    </section>
  );
}
