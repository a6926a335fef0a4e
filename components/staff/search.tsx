'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { StaffBooking } from '@/lib/contract/staff';
import { api } from '@/lib/api/client';
import { staffSearchAnswer } from '@/lib/api/answers/staff';

/**
 * Search across days (issue 44): a guest by name, phone or booking code; each booking found
 * opens its day on the sheet. `staff/search` through `/api/staff/search`.
 */
export function StaffSearch({ locale, onOpenDay }: { locale: string; onOpenDay: (date: string) => void }) {
  const t = useTranslations('staffArea');
  const [q, setQ] = useState('');
  const [found, setFound] = useState<StaffBooking[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const day = (date: string) => new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
  const search = async () => {
    const text = q.trim();
    if (text.length < 2 || text.length > 100) {
      setError(t('search.invalid'));
      setFound(null);
      return;
    }
    setBusy(true);
    const result = await api(`/api/staff/search?q=${encodeURIComponent(text)}`, staffSearchAnswer);
    setBusy(false);
    if (result.ok) {
      setError('');
      setFound(result.data.bookings);
    } else {
      setFound(null);
      if (result.status === 401) window.location.reload();
      setError(result.status === 400 ? t('search.invalid') : t('unavailable'));
    }
  };
  return (
    <div className="staff-search">
      <form
        role="search"
        className="staff-search__form"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <div className="field">
          <label htmlFor={inputId}>{t('search.label')}</label>
          <input id={inputId} type="search" value={q} maxLength={100} aria-describedby={hintId} aria-invalid={error === t('search.invalid') || undefined} onChange={(e) => setQ(e.target.value)} />
          <p id={hintId} className="staff-search__hint">
            {t('search.hint')}
          </p>
        </div>
        <button type="submit" className="button" disabled={busy}>
          {t('search.submit')}
        </button>
      </form>
      <div aria-live="polite">
        {error ? <p className="field__error">{error}</p> : null}
        {found && !found.length ? <p>{t('search.none')}</p> : null}
      </div>
      {found?.length ? (
        <ul className="staff-list staff-search__results" aria-label={t('search.results')} data-testid="staff-search-results">
          {found.map((b) => (
            <li key={b.hash} className={`staff-booking staff-booking--${b.status}`}>
              <a
                href={`?date=${b.date}`}
                onClick={(e) => {
                  e.preventDefault();
                  onOpenDay(b.date);
                }}
              >
                {t('search.open', { date: day(b.date) })}
              </a>
              {` · ${b.time} · ${t('people', { count: b.covers })} · ${b.name} · ${t(`status.${b.status}`)}`}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
