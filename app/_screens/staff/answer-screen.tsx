import 'server-only';
import { getTranslations } from 'next-intl/server';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { backendFor } from '@/server/backend';
import { backendCannotAnswer } from '@/server/http/link-form';
import { Unavailable } from '@/app/_screens/shell/looked-up';
import { readAnswerLink } from '@/server/booking/answer-link';
import { formatLongDate, formatMoment } from '@/lib/i18n/format';
import { PostForm } from '@/components/forms/post-form';

type Search = Record<string, string | string[] | undefined>;

/**
 * `/staff/answer/{hash}?a=confirm|decline&v=&s=`: where the venue e-mail's one-click links
 * lead (server/staff/links.ts). The GET shows the request and one button; the button's POST
 * answers (a plain form, so it works without scripts) and comes back here, which then says
 * what was done and when. Read through the staff door (`staffArea.answerLink`; on a front the
 * contract's `answerlink/get`), whose backend checks the link's signature (its authority, not the
 * venue's credential), so it works on a front.
 */
export async function AnswerLinkScreen({ params, searchParams }: { params: VenueParams & { hash: string }; searchParams: Search }) {
  const { locale, venueKey } = await loadVenue(params);
  const t = await getTranslations('staffArea');
  const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);
  const link = readAnswerLink(params.hash, { a: one(searchParams.a), v: one(searchParams.v), s: one(searchParams.s) });
  const result = link ? await backendFor(venueKey).staffArea.answerLink({ hash: link.hash, a: link.action, v: String(link.version), s: link.signature }) : null;
  if (result && !result.status && backendCannotAnswer(result.error)) return <Unavailable />;
  const state = result?.status ? result.data : ({ state: 'invalid' } as const);
  const page = (body: React.ReactNode) => (
    <div className="form-page staff-page">
      <h1>{t('link.title')}</h1>
      {body}
    </div>
  );
  if (state.state === 'invalid' || !link) return page(<p role="alert">{t('link.invalid')}</p>);
  const b = state.booking;
  const when = (iso: string) => formatMoment(iso, locale, state.timezone);
  const day = formatLongDate(b.date, locale);
  const summary = (
    <dl className="staff-booking__facts" data-testid="answer-summary">
      <dt>{t('link.guest')}</dt>
      <dd>{b.name}</dd>
      <dt>{t('link.when')}</dt>
      <dd>{`${day}, ${b.time}`}</dd>
      <dt>{t('link.party')}</dt>
      <dd>{t('people', { count: b.partySize })}</dd>
      {b.notes ? (
        <>
          <dt>{t('notes')}</dt>
          <dd>{b.notes}</dd>
        </>
      ) : null}
    </dl>
  );
  if (state.state === 'expired') return page(<>{summary}<p role="status">{t('link.expired')}</p></>);
  if (state.state === 'answered') {
    const message =
      b.status === 'pending'
        ? t('link.changed')
        : b.answeredAt
          ? t('link.answered', { status: t(`status.${b.status}`), time: when(b.answeredAt) })
          : t('link.answeredNoTime', { status: t(`status.${b.status}`) });
    return page(<>{summary}<p role="status" data-testid="answer-outcome">{message}</p></>);
  }
  const decline = link.action === 'decline';
  return page(
    <>
      <p className="lead">{decline ? t('link.declineQuestion') : t('link.confirmQuestion')}</p>
      {summary}
      <PostForm
        action="/api/staff/link"
        fields={{ hash: link.hash, a: link.action, v: String(link.version), s: link.signature }}
        language={locale}
        buttons={
          <button type="submit" className="button button--large">
            {decline ? t('actions.declineSend') : t('link.confirmSend')}
          </button>
        }
      >
        {decline ? (
          <div className="field">
            <label htmlFor="answer-note">{t('declineNote')}</label>
            <textarea id="answer-note" name="note" maxLength={500} rows={3} />
          </div>
        ) : null}
      </PostForm>
    </>,
  );
}
