import 'server-only';
import { zones, type ExperienceRow } from '@/server/db/schema';
import { listExperiences } from '@/server/venues/queries';
import { bookedByDate, bookedByExperience, clockFor, rulesOf } from '@/server/experiences/service';
import { isPast, placesLeft } from '@/server/experiences/rules';
import type { CallContext, Envelope } from '@/server/backend/call';

const bit = (b: boolean) => (b ? 1 : 0);
const amount = (cents: number) => cents / 100;
/** The built-in backend answers one page of at most this many experiences (`page` counts from 1). */
export const EXPERIENCE_PAGE_SIZE = 50;

/** `experience/getexperiencelist {page?}` → `{elenco, pagine, totale}`: visible experiences, in display order. */
export async function getExperienceList(ctx: CallContext): Promise<Envelope> {
  const rows = await listExperiences(ctx.db, ctx.venue.id);
  const pagine = Math.max(1, Math.ceil(rows.length / EXPERIENCE_PAGE_SIZE));
  const page = Math.min(Math.max(Number(ctx.params.get('page')) || 1, 1), pagine);
  const slice = rows.slice((page - 1) * EXPERIENCE_PAGE_SIZE, page * EXPERIENCE_PAGE_SIZE);
  // One statement for the guests booked, whatever the number of experiences (issue 42); the zones are the venue context's.
  const venueZones = ctx.venue.setup.zones;
  const booked = await bookedByExperience(ctx.db, slice.map((row) => row.id), clockFor(ctx.venue, rulesOf(ctx.venue)).today);
  const elenco = await Promise.all(slice.map((row) => experienceToContract(ctx, row, venueZones, booked.get(row.id) ?? new Map())));
  return { status: true, data: { elenco, pagine, totale: rows.length } };
}

/**
 * Maps a row to the experience of spec section 3 (docs/experiences.md says what each field
 * does). `esperienzePrenotate` counts the guests booked from today on;
 * `esperienzeDisponibili` the places left on its date for a one-date experience, else per
 * date (`maxPrenotazioni`); both 0 when places are unlimited.
 */
export async function experienceToContract(ctx: CallContext, row: ExperienceRow, venueZones?: (typeof zones.$inferSelect)[], bookedFromToday?: Map<string, number>) {
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
