import 'server-only';
import { zones, type ExperienceRow } from '@/server/db/schema';
import type { Db } from '@/server/db/types';
import type { VenueContext } from '@/server/venues/context';
import { listExperiences } from '@/server/venues/queries';
import { bookedByDate, bookedByExperience, clockFor, rulesOf } from '@/server/experiences/service';
import { isPast, placesLeft } from '@/server/experiences/rules';
import { findExperience } from '@/server/experiences/service';
import { ok, refused, type Outcome } from '@/lib/backend/outcome';

const bit = (b: boolean) => (b ? 1 : 0);
const amount = (cents: number) => cents / 100;
/** The built-in backend answers one page of at most this many experiences (`page` counts from 1). */
export const EXPERIENCE_PAGE_SIZE = 50;

/**
 * The venue's visible experiences, in display order, as the contract lists them (texts as
 * stored): one page of `EXPERIENCE_PAGE_SIZE` (`page` counts from 1), or every one without a
 * page (the typed door, lib/backend/experiences.ts `list`). `pagine` and `totale` as the
 * contract counts them.
 */
export async function experienceList(db: Db, venue: VenueContext, page?: number) {
  const rows = await listExperiences(db, venue.id);
  const pagine = Math.max(1, Math.ceil(rows.length / EXPERIENCE_PAGE_SIZE));
  const at = Math.min(Math.max(page || 1, 1), pagine);
  const slice = page === undefined ? rows : rows.slice((at - 1) * EXPERIENCE_PAGE_SIZE, at * EXPERIENCE_PAGE_SIZE);
  // One statement for the guests booked, whatever the number of experiences (issue 42); the zones are the venue context's.
  const venueZones = venue.setup.zones;
  const booked = await bookedByExperience(db, slice.map((row) => row.id), clockFor(venue, rulesOf(venue)).today);
  const elenco = await Promise.all(slice.map((row) => experienceToContract({ db, venue }, row, venueZones, booked.get(row.id) ?? new Map())));
  return { elenco, pagine, totale: rows.length };
}

/** A public hash's shape: anything else is refused before the database is asked. */
export const EXPERIENCE_HASH = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * One experience by its public hash, listed or not (`flagVisibile` 0, reached by its link), as
 * the list has it (texts as stored): the experience page's read. A malformed hash is a 400, an
 * unknown one `notFound`.
 */
export async function experienceByHash(db: Db, venue: VenueContext, hash: string): Promise<Outcome<Awaited<ReturnType<typeof experienceToContract>>>> {
  if (!EXPERIENCE_HASH.test(hash)) return refused(400, 'invalid', { experienceHash: 'invalid' });
  const row = await findExperience(db, venue, { hash });
  return row ? ok(await experienceToContract({ db, venue }, row)) : refused(404, 'notFound');
}

/**
 * Maps a row to the experience of spec section 3 (docs/experiences.md says what each field
 * does). `esperienzePrenotate` counts the guests booked from today on;
 * `esperienzeDisponibili` the places left on its date for a one-date experience, else per
 * date (`maxPrenotazioni`); both 0 when places are unlimited.
 */
export async function experienceToContract(ctx: { db: Db; venue: VenueContext }, row: ExperienceRow, venueZones?: (typeof zones.$inferSelect)[], bookedFromToday?: Map<string, number>) {
  const { db, venue } = ctx;
  const allZones = venueZones ?? venue.setup.zones;
  const today = clockFor(venue, rulesOf(venue)).today;
  const booked = bookedFromToday ?? (await bookedByDate(db, row.id, today));
  const total = [...booked.values()].reduce((a, b) => a + b, 0);
  const oneDate = row.startDate !== null && row.startDate === row.expiryDate;
  const left = placesLeft(row, oneDate ? (booked.get(row.startDate!) ?? 0) : 0);
  return {
    id: row.id,
    hash: row.hash,
    idTabellaStrutture: venue.id,
    titolo: row.title,
    titoloFile: row.fileTitle,
    descrizione: row.description,
    condizioniPrenotazione: row.bookingConditions,
    campiAggiuntivi: row.additionalFields.map((f) => ({ key: f.key, etichetta: f.label, obbligatorio: bit(f.required) })),
    cancellazione: row.cancellation,
    data: row.startDate ?? '',
    scadenza: row.expiryDate ?? '',
    durata: row.durationMinutes,
    esperienzeDisponibili: Number.isFinite(left) ? left : 0,
    esperienzePrenotate: total,
    maxPrenotazioni: row.maxBookings,
    numOspitiMin: row.minGuests,
    numOspitiMax: row.maxGuests,
    orari: row.times,
    zoneSelezionabili: allZones.filter((z) => row.zoneKeys.includes(z.key)).map((z) => ({ id: z.id, key: z.key, nome: z.name })),
    prezzo: amount(row.priceCents),
    importoCCGaranzia: amount(row.guaranteeCents),
    importoDepositoAcconto: amount(row.depositCents),
    tipoCCGaranzia: row.guaranteeType,
    tipoAcquisto: row.purchaseType,
    tipoEsperienza: row.experienceType,
    file: row.file,
    foto: row.photo,
    sort: row.sort,
    flagAttiva: bit(row.active),
    flagCalendario: bit(row.calendar),
    flagData: bit(row.startDate !== null),
    flagEsperienzaPassata: bit(isPast(row, today)),
    flagMotivoVisita: bit(row.askVisitReason),
    flagOrari: bit(row.times.length > 0),
    flagSceltaZona: bit(row.zoneChoice),
    flagSoldoutAttivo: bit(row.soldOutActive),
    flagVisibile: bit(row.visible),
  };
}
