import { getTranslations } from 'next-intl/server';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { NotFoundPage } from '@/app/_screens/shell/not-found-page';
import { Link } from '@/components/shell/link';
import { ExperienceLinks } from '@/components/experiences/experience-links';
import { buildWizardSetup } from '@/app/_screens/reservation/setup';
import { experienceFormNamespaces } from '@/app/_screens/reservation/namespaces';
import { ClientTexts } from '@/app/_screens/shell/client-texts';
import { pickText } from '@/lib/i18n/texts';
import { parseDate, parsePax } from '@/lib/params';
import { ExperienceFormDeferred } from '@/components/experiences/experience-form-deferred';
import { loadExperience } from '@/server/experiences/data';
import { whyNotBookable } from '@/lib/experiences/standing';
import type { ExperienceFormSetup } from '@/components/experiences/types';
import { MessagePanel } from '@/components/shell/message-panel';

/**
 * `/frontpage/esperienze/{hash}/reserve` and `/frontpage/esperienze/{hash}/{pax}/{date}`: the
 * experience booking form, prefilled with the party size and the date when given. An
 * experience that cannot be booked on its own says why and offers the way that can.
 */
export async function ExperienceReserveScreen({ params, hash, pax = 0, date = '' }: { params: VenueParams; hash: string; pax?: number; date?: string }) {
  const { locale, location, venueKey } = await loadVenue(params);
  const experience = await loadExperience(venueKey, hash);
  if (!experience) return <NotFoundPage />;
  const [t, wizard] = await Promise.all([getTranslations('experiences'), buildWizardSetup({ locale, location, venueKey })]);
  const title = pickText(experience.titolo, locale);
  const blocked = whyNotBookable(experience);
  if (blocked) {
    return (
      <MessagePanel title={title} text={t(blocked)}>
        <ExperienceLinks hash={experience.hash} why={blocked} />
      </MessagePanel>
    );
  }
  const isoDay = (value: string) => (/^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '');
  const setup: ExperienceFormSetup = {
    wizard,
    experience: {
      id: experience.id,
      hash: experience.hash,
      title,
      price: experience.prezzo,
      currency: location.valuta,
      minGuests: Math.max(experience.numOspitiMin, 1),
      maxGuests: Math.max(experience.numOspitiMax, experience.numOspitiMin, 1),
      zones: experience.flagSceltaZona && experience.zoneSelezionabili.length ? experience.zoneSelezionabili.map((z) => ({ id: z.id, key: z.key, label: pickText(z.nome, locale) || z.key })) : null,
      askVisitReason: Boolean(experience.flagMotivoVisita),
      hasTimes: experience.orari.length > 0,
      hasFields: experience.campiAggiuntivi.length > 0,
      guarantee: experience.tipoCCGaranzia > 0 && experience.importoCCGaranzia > 0,
      payment: (experience.tipoAcquisto === 1 && experience.importoDepositoAcconto > 0) || (experience.tipoAcquisto === 2 && experience.prezzo > 0),
      firstDate: isoDay(experience.data),
      lastDate: isoDay(experience.scadenza),
    },
    initial: { pax: parsePax(pax) ?? 0, date: parseDate(date) ?? '' },
  };
  return (
    <div className="form-page form-page--wide">
      <h1>{t('form.title', { title })}</h1>
      <p>
        <Link href={`/frontpage/esperienze/${experience.hash}`}>{t('outcome.back')}</Link>
      </p>
      <ClientTexts namespaces={experienceFormNamespaces}>
        <ExperienceFormDeferred setup={setup} />
      </ClientTexts>
    </div>
  );
}
