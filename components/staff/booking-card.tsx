'use client';

import { useId, useState } from 'react';
import type { StaffBooking } from '@/lib/contract/staff';
import { formatMoney } from '@/lib/currency';
import { fill } from '@/lib/i18n/fill';
import { send } from '@/lib/api/client';
import { staffAnswerAnswer } from '@/lib/api/answers/staff';
import { pick, type SheetText } from './types';

/** The actions a booking's card offers as buttons; refunding a fee is offered apart, once one was charged. */
type Action = 'confirm' | 'decline' | 'arrived' | 'noshow' | 'cancel' | 'offer';
type Answer = Action | 'refundfee';
const ACTIONS: Record<string, Action[]> = { pending: ['confirm', 'decline', 'cancel'], confirmed: ['arrived', 'noshow', 'cancel'], waitinglist: ['offer', 'decline'] };
/** A guest marked arrived is never a no-show; a no-show who turns up late can still be marked arrived (server/staff/sheet.ts). */
const allowed = (b: StaffBooking) =>
  (ACTIONS[b.status] ?? []).filter((a) => (a === 'noshow' ? !b.attendance : a === 'arrived' ? b.attendance !== 'arrived' : a === 'offer' ? b.kind === 'table' && b.offer?.status !== 'open' : true));
const clock = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(iso));
/** One booking: its facts and the answers its status allows. */
export function BookingCard({ booking, locale, currency, timeZone, text, onChanged }: { booking: StaffBooking; locale: string; currency: string; timeZone: string; text: SheetText; onChanged: () => void }) {
  const [b, setB] = useState(booking);
  const [seen, setSeen] = useState(booking);
  const [asking, setAsking] = useState<Answer | null>(null);
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const noteId = useId();
  // A newer version from polling replaces what is shown (another device's change).
  if (booking.version !== seen.version || booking.status !== seen.status || booking.fee?.status !== seen.fee?.status || booking.offer?.status !== seen.offer?.status) {
    setSeen(booking);
    setB(booking);
  }
  const answer = async (action: Answer) => {
    setBusy(true);
    const reply = await send('/api/staff/answer', staffAnswerAnswer, { body: { hash: b.hash, action, version: b.version, note: action === 'decline' || action === 'cancel' ? note : '' } });
    const { body } = reply;
    setBusy(false);
    if (body) setB(body.booking);
    if (body?.result === 'done') {
      setAsking(null);
      setNote('');
      setMessage({ ok: true, text: text.done });
    } else if (body?.result === 'changed') setMessage({ ok: false, text: text.changed });
    else if (body?.result === 'notAllowed') setMessage({ ok: false, text: text.notAllowed });
    else if (body?.result === 'noSeats') setMessage({ ok: false, text: text.offers.noSeats });
    else setMessage({ ok: false, text: reply.status === 401 ? text.signedOut : text.unavailable });
    onChanged();
  };
  const actions = allowed(b);
  const fee = b.fee ? formatMoney(b.fee.amountCents, b.fee.currency || currency, locale) : '';
  const label = `${b.time} · ${b.name}`;
  return (
    <li className={`staff-booking staff-booking--${b.status}`} data-testid="staff-booking" aria-label={label}>
      <div className="staff-booking__head">
        <strong className="staff-booking__time">{b.time}</strong>
        <span className="staff-booking__covers">{fill(text.people, { count: b.covers })}</span>
        <span className="staff-booking__name">{b.name}</span>
        <span className={`badge staff-status staff-status--${b.status}`}>{text.status[b.status] ?? b.status}</span>
        {b.attendance ? <span className="badge">{text.attendance[b.attendance]}</span> : null}
        {b.offer ? (
          <span className={`badge staff-offer staff-offer--${b.offer.status}`} data-testid="staff-offer">
            {fill(text.offers[b.offer.status] ?? b.offer.status, { until: clock(b.offer.expiresAt, timeZone) })}
          </span>
        ) : null}
        {b.reminder ? (
          <span className={`badge staff-reminder staff-reminder--${b.reminder}`} data-testid="staff-reminder">
            {text.reminder[b.reminder]}
          </span>
        ) : null}
      </div>
      <dl className="staff-booking__facts">
        <dt>{text.phone}</dt>
        <dd>
          <a href={`tel:${b.phone.replace(/\s/g, '')}`}>{b.phone}</a>
        </dd>
        {pick(b.zoneName, locale) ? (
          <>
            <dt>{text.zone}</dt>
            <dd>{pick(b.zoneName, locale)}</dd>
          </>
        ) : null}
        {b.visitReason ? (
          <>
            <dt>{text.visitReason}</dt>
            <dd>{b.visitReason}</dd>
          </>
        ) : null}
        {b.notes ? (
          <>
            <dt>{text.notes}</dt>
            <dd>{b.notes}</dd>
          </>
        ) : null}
        {b.guarantee ? (
          <>
            <dt>{text.guarantee}</dt>
            <dd>{formatMoney(b.guarantee.feeCents, b.guarantee.currency || currency, locale)}</dd>
            {b.guarantee.policy ? (
              <>
                <dt>{text.fee.policy}</dt>
                <dd>{b.guarantee.policy}</dd>
              </>
            ) : null}
          </>
        ) : null}
        {b.paidCents ? (
          <>
            <dt>{text.paid}</dt>
            <dd>{formatMoney(b.paidCents, currency, locale)}</dd>
          </>
        ) : null}
        {b.experience ? (
          <>
            <dt>{text.experience}</dt>
            <dd>{pick(b.experience, locale)}</dd>
          </>
        ) : null}
        {b.venueNote ? (
          <>
            <dt>{text.venueNote}</dt>
            <dd>{b.venueNote}</dd>
          </>
        ) : null}
      </dl>
      {b.fee ? (
        <p className={`staff-fee staff-fee--${b.fee.status}${b.fee.status === 'failed' || b.fee.status === 'refund_failed' ? ' field__error' : ''}`} data-testid="staff-fee">
          {fill(text.fee[b.fee.status] ?? b.fee.status, { amount: fee, error: b.fee.error })}
        </p>
      ) : null}
      {asking === 'refundfee' ? (
        <div className="staff-booking__note" role="group" aria-label={text.fee.refund}>
          <p>{fill(text.fee.refundQuestion, { amount: fee })}</p>
          <div className="actions">
            <button type="button" className="button" disabled={busy} onClick={() => void answer('refundfee')}>
              {fill(text.fee.refundSend, { amount: fee })}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setAsking(null)}>
              {text.actions.keep}
            </button>
          </div>
        </div>
      ) : asking ? (
        <form
          className="form staff-booking__note"
          onSubmit={(e) => {
            e.preventDefault();
            void answer(asking);
          }}
        >
          <div className="field">
            <label htmlFor={noteId}>{asking === 'decline' ? text.declineNote : text.cancelNote}</label>
            <textarea id={noteId} value={note} maxLength={500} rows={3} onChange={(e) => setNote(e.target.value)} autoFocus />
          </div>
          <div className="actions">
            <button type="submit" className="button" disabled={busy}>
              {asking === 'decline' ? text.actions.declineSend : text.actions.cancelSend}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setAsking(null)}>
              {text.actions.keep}
            </button>
          </div>
        </form>
      ) : actions.length ? (
        <div className="actions staff-booking__actions">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className={action === 'confirm' || action === 'arrived' || action === 'offer' ? 'button' : 'button button--ghost'}
              disabled={busy}
              aria-label={`${action === 'offer' ? text.offers.offer : text.actions[action]}: ${label}`}
              onClick={() => (action === 'decline' || action === 'cancel' ? setAsking(action) : void answer(action))}
            >
              {action === 'offer' ? text.offers.offer : text.actions[action]}
            </button>
          ))}
          {b.fee?.status === 'succeeded' ? (
            <button type="button" className="button button--ghost" disabled={busy} aria-label={`${text.fee.refund}: ${label}`} onClick={() => setAsking('refundfee')}>
              {text.fee.refund}
            </button>
          ) : null}
        </div>
      ) : null}
      <p role="status" className={message && !message.ok ? 'field__error' : 'staff-booking__done'}>
        {message?.text ?? ''}
      </p>
    </li>
  );
}
