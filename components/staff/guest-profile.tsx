'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { StaffBooking } from '@/lib/contract/staff';
import { send } from '@/lib/api/client';
import { guestProfileAnswer } from '@/lib/api/answers/staff';

type Profile = NonNullable<StaffBooking['guest']>;

/**
 * The guest's profile in a booking's details (issue 44): their history at the venue (visits,
 * no-shows, cancellations), staff's notes and tags, and a form to keep them (`/api/staff/guest`),
 * shown then on every booking of the same guest.
 */
export function GuestProfile({ hash, profile, onSaved }: { hash: string; profile: Profile; onSaved: () => void }) {
  const t = useTranslations('staffArea.guestProfile');
  const [shown, setShown] = useState(profile);
  const [seen, setSeen] = useState(profile);
  const [editing, setEditing] = useState(false);
  const [notes, setNotes] = useState(profile.notes);
  const [tags, setTags] = useState(profile.tags.join(', '));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const notesId = useId();
  const tagsId = useId();
  const hintId = useId();
  // A newer profile from polling (another device's words) replaces what is shown.
  if (profile.version !== seen.version || profile.visits !== seen.visits || profile.noShows !== seen.noShows || profile.cancellations !== seen.cancellations) {
    setSeen(profile);
    setShown(profile);
  }
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const reply = await send('/api/staff/guest', guestProfileAnswer, { body: { hash, notes, tags: tags.split(',').map((tag) => tag.trim()).filter(Boolean) } });
    setBusy(false);
    if (reply.body) {
      setShown(reply.body.profile);
      setEditing(false);
      setMessage({ ok: true, text: t('saved') });
      onSaved();
    } else setMessage({ ok: false, text: reply.error === 'noIdentity' ? t('noIdentity') : t('invalid') });
  };
  return (
    <div className="staff-guest" data-testid="guest-profile">
      <p className="staff-guest__history" data-testid="guest-history">
        <strong>{t('title')}:</strong> {t('history', { visits: shown.visits, noShows: shown.noShows, cancellations: shown.cancellations })}
      </p>
      {shown.tags.length ? (
        <ul className="staff-guest__tags" aria-label={t('tags')}>
          {shown.tags.map((tag) => (
            <li key={tag} className="badge staff-badge">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      {shown.notes ? <p className="staff-guest__notes" data-testid="guest-notes">{shown.notes}</p> : null}
      {editing ? (
        <form className="form staff-form" aria-label={t('edit')} onSubmit={(e) => void save(e)}>
          <div className="field">
            <label htmlFor={notesId}>{t('notes')}</label>
            <textarea id={notesId} rows={2} maxLength={1000} value={notes} onChange={(e) => setNotes(e.target.value)} autoFocus />
          </div>
          <div className="field">
            <label htmlFor={tagsId}>{t('tags')}</label>
            <input id={tagsId} autoComplete="off" aria-describedby={hintId} value={tags} onChange={(e) => setTags(e.target.value)} />
            <p id={hintId} className="field__hint">
              {t('tagsHint')}
            </p>
          </div>
          <div className="actions">
            <button type="submit" className="button" disabled={busy}>
              {t('save')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button button--ghost" onClick={() => { setEditing(true); setMessage(null); }}>
          {t('edit')}
        </button>
      )}
      {message ? (
        <p role="status" className={message.ok ? 'staff-booking__done' : 'field__error'}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
