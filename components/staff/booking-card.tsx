'use client';

import { useId, useState } from 'react';
import type { StaffBooking, StaffDay } from '@/lib/contract/staff';
import { ChangeBooking } from './booking-form';
import { MoveTable, TurnTimer, tablesText } from './table-move';
import { GuestProfile } from './guest-profile';
import { formatMoney } from '@/lib/currency';
import { useTranslations } from 'next-intl';
import { send } from '@/lib/api/client';
import { staffAnswerAnswer } from '@/lib/api/answers/staff';
import { pick } from './types';
import { clock, noShowFeeCents, NoShowApart, NoShowQuestion } from './no-show';

/** The card guarantee as the guest would pay it: the total for the party, with the amount per person beside it when it is one. */
function guaranteeTotal(b: StaffBooking, currency: string, locale: string, t: ReturnType<typeof useTranslations<'staffArea'>>) {
  const cur = b.guarantee?.currency || currency;
  const total = formatMoney(noShowFeeCents(b), cur, locale);
  return b.guarantee?.per === 'guest' ? t('guaranteeTotalPer', { total, count: b.covers, each: formatMoney(b.guarantee.feeCents, cur, locale) }) : t('guaranteeTotal', { total });
}

/**
 * The actions a booking's card offers as buttons; refunding a fee is offered apart, once one
 * was charged; "No-show" stands apart from "Arrived", asks first, and only once the guest is
 * late (issue 41).
 */
type Action = 'confirm' | 'decline' | 'arrived' | 'finished' | 'cancel' | 'offer';
type Answer = Action | 'noshow' | 'refundfee' | 'undo' | 'change' | 'table';
const ACTIONS: Record<string, Action[]> = { pending: ['confirm', 'decline', 'cancel'], confirmed: ['arrived', 'finished', 'cancel'], waitinglist: ['offer', 'decline'] };
/** A guest marked arrived is never a no-show, nor cancelled; a no-show who turns up late can still be marked arrived (server/staff/view.ts). */
const allowed = (b: StaffBooking) =>
  (ACTIONS[b.status] ?? []).filter((a) =>
    a === 'arrived' || a === 'cancel'
      ? b.attendance !== 'arrived' && b.attendance !== 'finished'
      : a === 'finished'
        ? b.kind === 'table' && b.attendance === 'arrived'
        : a === 'offer'
          ? b.kind === 'table' && b.offer?.status !== 'open'
          : true,
  );
/** The sources staff see by name (issue 46); a channel is named by its own name. */
const SOURCES = ['web', 'embed', 'staff', 'walkin', 'phone', 'mcp'] as const;
/** The refusals the sheet explains (server/staff/http.ts), by the answer's error. */
const REFUSALS = ['tooEarly', 'undoExpired', 'feePending'] as const;

/**
 * One booking: its facts and the answers its status allows. `now` is the server's time of the
 * sheet's last answer (polled every 5 s): "No-show" and "Undo" are offered by it, not by this device's clock.
 */
export function BookingCard({ booking, locale, currency, timeZone, now, forms, onChanged }: { booking: StaffBooking; locale: string; currency: string; timeZone: string; now: string; forms?: Pick<StaffDay, 'zones' | 'times'> & Partial<Pick<StaffDay, 'tables'>>; onChanged: () => void }) {
  const t = useTranslations('staffArea');
  const [b, setB] = useState(booking);
  const [seen, setSeen] = useState(booking);
  const [asking, setAsking] = useState<Answer | null>(null);
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const noteId = useId();
  // A newer version from polling replaces what is shown (another device's change).
  if (booking.version !== seen.version || booking.status !== seen.status || booking.fee?.status !== seen.fee?.status || booking.offer?.status !== seen.offer?.status || booking.noShowFrom !== seen.noShowFrom || booking.undoUntil !== seen.undoUntil || tablesText(booking.tables) !== tablesText(seen.tables)) {
    setSeen(booking);
    setB(booking);
  }
  const answer = async (action: Answer) => {
    setBusy(true);
    const reply = await send('/api/staff/answer', staffAnswerAnswer, { body: { hash: b.hash, action, version: b.version, note: action === 'decline' || action === 'cancel' ? note : '' } });
    const { body } = reply;
    setBusy(false);
    if (body) setB(body.booking);
    const refusal = REFUSALS.find((r) => r === reply.error);
    if (body?.result === 'done' || refusal) setAsking(null);
    if (body?.result === 'done') {
      setNote('');
      setMessage({ ok: true, text: action === 'undo' ? t('undo.done') : t('done') });
    } else if (refusal) setMessage({ ok: false, text: t(`refused.${refusal}`, { time: b.noShowFrom ? clock(b.noShowFrom, timeZone) : '' }) });
    else if (body?.result === 'changed') setMessage({ ok: false, text: t('changed') });
    else if (body?.result === 'notAllowed') setMessage({ ok: false, text: t('notAllowed') });
    else if (body?.result === 'noSeats') setMessage({ ok: false, text: t('offers.noSeats') });
    else setMessage({ ok: false, text: reply.status === 401 ? t('signedOut') : t('unavailable') });
    onChanged();
  };
  const actions = allowed(b);
  // The guest's profile comes with the day's sheet (an answer's booking carries none): the latest the sheet polled.
  const guest = booking.guest;
  // Staff change a standing table booking's party, time, area and day (issue 44), where the backend offers the forms.
  const canChange = Boolean(forms?.zones.length) && b.kind === 'table' && (b.status === 'confirmed' || b.status === 'pending');
  // Staff move a standing table booking to another table (issue 44), where the venue has tables.
  const canMove = Boolean(forms?.tables?.some((o) => o.zone === b.zone)) && b.kind === 'table' && (b.status === 'confirmed' || b.status === 'pending');
  const fee = b.fee ? formatMoney(b.fee.amountCents, b.fee.currency || currency, locale) : '';
  const label = `${b.time} · ${b.name}`;
  // Labelled "Zona" (it), not "Sala": the dining room's own name is often "Sala".
  const zone = pick(b.zoneName, locale);
  // A backend that sends no time (nor the instants) leaves the rule to its own refusals.
  const at = now ? Date.parse(now) : null;
  const late = at === null || !b.noShowFrom || at >= Date.parse(b.noShowFrom);
  const canUndo = Boolean(b.undoUntil) && (at === null || at < Date.parse(b.undoUntil));
  return (
    <li className={`staff-booking staff-booking--${b.status}`} data-testid="staff-booking" aria-label={label}>
      <details className="staff-booking__details">
        <summary className="staff-booking__line" data-testid="staff-booking-line">
          <strong className="staff-booking__time">{b.time}</strong>
          <span className="staff-booking__covers">
            {t('people', { count: b.covers })}
            {b.tables.length ? (
              <span className="staff-booking__table" data-testid="staff-table">
                {' · '}
                {t('tables.on', { tables: tablesText(b.tables) })}
              </span>
            ) : null}
          </span>
          <span className="staff-booking__name">{b.name}</span>
          <span className="staff-booking__badges">
            <span className={`badge staff-status staff-status--${b.status}`}>{t(`status.${b.status}`)}</span>
            {b.attendance ? <span className="badge">{t(`attendance.${b.attendance}`)}</span> : null}
            <TurnTimer booking={b} now={now} />
            {b.guarantee ? <span className="badge staff-badge" data-testid="badge-guarantee">{t('badges.guarantee')}</span> : null}
            {b.guaranteeWaived ? (
              <span className="badge staff-badge staff-badge--over" data-testid="badge-guarantee-waived" title={t('guaranteeWaived')}>
                {t('badges.guaranteeWaived')}
              </span>
            ) : null}
            {b.paidCents ? <span className="badge staff-badge" data-testid="badge-paid">{t('badges.paid')}</span> : null}
            {b.notes || b.visitReason ? <span className="badge staff-badge" data-testid="badge-notes">{t('badges.notes')}</span> : null}
            {b.experience ? <span className="badge staff-badge">{t('badges.experience')}</span> : null}
            {guest?.tags.slice(0, 2).map((tag) => (
              <span key={tag} className="badge staff-badge staff-badge--tag" data-testid="badge-tag">
                {tag}
              </span>
            ))}
            {b.override ? (
              <span className="badge staff-badge staff-badge--over" data-testid="badge-override" title={t(`book.full.${b.override as 'shiftFull'}`)}>
                {t('book.overrideBadge')}
              </span>
            ) : null}
            {b.offer ? (
              <span className={`badge staff-offer staff-offer--${b.offer.status}`} data-testid="staff-offer">
                {t(`offers.${b.offer.status}`, { until: clock(b.offer.expiresAt, timeZone) })}
              </span>
            ) : null}
            {b.source && b.source !== 'web' ? (
              <span className="badge staff-source" data-testid="staff-source" data-source={b.source}>
                {b.source.startsWith('channel:')
                  ? t('source.channel', { name: b.source.slice('channel:'.length) })
                  : (SOURCES as readonly string[]).includes(b.source)
                    ? t(`source.${b.source as (typeof SOURCES)[number]}`)
                    : b.source}
              </span>
            ) : null}
            {b.reminder ? (
              <span className={`badge staff-reminder staff-reminder--${b.reminder}`} data-testid="staff-reminder">
                {t(`reminder.${b.reminder}`)}
              </span>
            ) : null}
          </span>
          {b.notes ? <span className="staff-booking__printnote">{b.notes}</span> : null}
        </summary>
      <dl className="staff-booking__facts">
        <dt>{t('phone')}</dt>
        <dd>
          <a href={`tel:${b.phone.replace(/\s/g, '')}`}>{b.phone}</a>
        </dd>
        {canMove || b.tables.length ? (
          <>
            <dt>{t('tables.label')}</dt>
            <dd data-testid="staff-table-fact">{b.tables.length ? tablesText(b.tables) : t('tables.none')}</dd>
          </>
        ) : null}
        {zone ? (
          <>
            <dt>{t('zone')}</dt>
            <dd>{zone}</dd>
          </>
        ) : null}
        {b.visitReason ? (
          <>
            <dt>{t('visitReason')}</dt>
            <dd>{b.visitReason}</dd>
          </>
        ) : null}
        {b.notes ? (
          <>
            <dt>{t('notes')}</dt>
            <dd>{b.notes}</dd>
          </>
        ) : null}
        {b.guarantee ? (
          <>
            <dt>{t('guarantee')}</dt>
            <dd data-testid="guarantee-total">{guaranteeTotal(b, currency, locale, t)}</dd>
          </>
        ) : b.guaranteeWaived ? (
          <>
            <dt>{t('guarantee')}</dt>
            <dd data-testid="guarantee-waived">{t('guaranteeWaived')}</dd>
          </>
        ) : null}
        {b.paidCents ? (
          <>
            <dt>{t('paid')}</dt>
            <dd>{formatMoney(b.paidCents, currency, locale)}</dd>
          </>
        ) : null}
        {b.experience ? (
          <>
            <dt>{t('experience')}</dt>
            <dd>{pick(b.experience, locale)}</dd>
          </>
        ) : null}
        {b.venueNote ? (
          <>
            <dt>{t('venueNote')}</dt>
            <dd>{b.venueNote}</dd>
          </>
        ) : null}
      </dl>
      {guest ? <GuestProfile hash={b.hash} profile={guest} onSaved={onChanged} /> : null}
      {b.fee ? (
        <p className={`staff-fee staff-fee--${b.fee.status}${b.fee.status === 'failed' || b.fee.status === 'refund_failed' ? ' field__error' : ''}`} data-testid="staff-fee">
          {t(`fee.${b.fee.status}`, { amount: fee, error: b.fee.error })}
        </p>
      ) : null}
      {asking === 'noshow' ? (
        <NoShowQuestion b={b} busy={busy} locale={locale} currency={currency} onConfirm={() => void answer('noshow')} onBack={() => setAsking(null)} />
      ) : asking === 'refundfee' ? (
        <div className="staff-booking__note" role="group" aria-label={t('fee.refund')}>
          <p>{t('fee.refundQuestion', { amount: fee })}</p>
          <div className="actions">
            <button type="button" className="button" disabled={busy} onClick={() => void answer('refundfee')}>
              {t('fee.refundSend', { amount: fee })}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setAsking(null)}>
              {t('actions.keep')}
            </button>
          </div>
        </div>
      ) : asking === 'change' && forms ? (
        <ChangeBooking
          booking={b}
          zones={forms.zones}
          times={forms.times}
          locale={locale}
          onClose={() => setAsking(null)}
          onChanged={(changed, text) => {
            setB(changed);
            setAsking(null);
            setMessage({ ok: true, text });
            onChanged();
          }}
        />
      ) : asking === 'table' && forms?.tables ? (
        <MoveTable
          booking={b}
          tables={forms.tables}
          onClose={() => setAsking(null)}
          onMoved={(moved, text) => {
            setB(moved);
            setAsking(null);
            setMessage({ ok: true, text });
            onChanged();
          }}
        />
      ) : asking ? (
        <form
          className="form staff-booking__note"
          onSubmit={(e) => {
            e.preventDefault();
            void answer(asking);
          }}
        >
          <div className="field">
            <label htmlFor={noteId}>{asking === 'decline' ? t('declineNote') : t('cancelNote')}</label>
            <textarea id={noteId} value={note} maxLength={500} rows={3} onChange={(e) => setNote(e.target.value)} autoFocus />
          </div>
          <div className="actions">
            <button type="submit" className="button" disabled={busy}>
              {asking === 'decline' ? t('actions.declineSend') : t('actions.cancelSend')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setAsking(null)}>
              {t('actions.keep')}
            </button>
          </div>
        </form>
      ) : (
        <>
          {actions.length || canUndo || canChange || canMove || b.fee?.status === 'succeeded' ? (
            <div className="actions staff-booking__actions">
              {canUndo ? (
                <button type="button" className="button" disabled={busy} aria-label={`${t('undo.button')}: ${label}`} onClick={() => void answer('undo')}>
                  {t('undo.button')}
                </button>
              ) : null}
              {actions.map((action) => (
                <button
                  key={action}
                  type="button"
                  className={action === 'confirm' || action === 'arrived' || action === 'finished' || action === 'offer' ? 'button' : 'button button--ghost'}
                  disabled={busy}
                  aria-label={`${action === 'offer' ? t('offers.offer') : t(`actions.${action}`)}: ${label}`}
                  onClick={() => (action === 'decline' || action === 'cancel' ? setAsking(action) : void answer(action))}
                >
                  {action === 'offer' ? t('offers.offer') : t(`actions.${action}`)}
                </button>
              ))}
              {canChange ? (
                <button type="button" className="button button--ghost" disabled={busy} aria-label={`${t('book.change')}: ${label}`} data-testid="staff-change" onClick={() => setAsking('change')}>
                  {t('book.change')}
                </button>
              ) : null}
              {canMove ? (
                <button type="button" className="button button--ghost" disabled={busy} aria-label={`${t('tables.move')}: ${label}`} data-testid="staff-move-table" onClick={() => setAsking('table')}>
                  {t('tables.move')}
                </button>
              ) : null}
              {b.fee?.status === 'succeeded' ? (
                <button type="button" className="button button--ghost" disabled={busy} aria-label={`${t('fee.refund')}: ${label}`} onClick={() => setAsking('refundfee')}>
                  {t('fee.refund')}
                </button>
              ) : null}
            </div>
          ) : null}
          <NoShowApart b={b} busy={busy} late={late} canUndo={canUndo} fee={fee} label={label} timeZone={timeZone} onAsk={() => setAsking('noshow')} />
        </>
      )}
      </details>
      <p role="status" className={`staff-booking__message ${message && !message.ok ? 'field__error' : 'staff-booking__done'}`}>
        {message?.text ?? ''}
      </p>
    </li>
  );
}
