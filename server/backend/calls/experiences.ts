import { eq } from 'drizzle-orm';
import { zones, type ExperienceRow } from '@/server/db/schema';
import { listExperiences } from '@/server/venues/queries';
import { localMoment } from '@/server/booking/time';
import type { CallContext, Envelope } from '../dispatch';
import { now as clockNow } from '@/server/clock';

const bit = (b: boolean) => (b ? 1 : 0);
const amount = (cents: number) => cents / 100;

export async function getExperienceList({ db, venue }: CallContext): Promise<Envelope> {
  const [rows, venueZones] = await Promise.all([
    listExperiences(db, venue.id),
    db.select().from(zones).where(eq(zones.venueId, venue.id)),
  ]);
  const today = localMoment(venue.timezone, clockNow()).date;
  const elenco = rows.map((row) => toContract(row, venue.id, venueZones, today));
  return { status: true, data: { elenco, pagine: 1, totale: elenco.length } };
}

/** Maps a row to the experience of spec section 3; bookings are counted once reservations exist. */
function toContract(row: ExperienceRow, venueId: number, venueZones: (typeof zones.$inferSelect)[], today: string) {
  const booked = 0;
  return {
    id: row.id,
    hash: row.hash,
    idTabellaStrutture: venueId,
    titolo: row.title,
    titoloFile: row.fileTitle,
    descrizione: row.description,
    condizioniPrenotazione: row.bookingConditions,
    campiAggiuntivi: row.additionalFields.map((f) => ({ key: f.key, etichetta: f.label, obbligatorio: bit(f.required) })),
    cancellazione: row.cancellation,
    data: row.startDate ?? '',
    scadenza: row.expiryDate ?? '',
    durata: row.durationMinutes,
    esperienzeDisponibili: row.maxBookings ? Math.max(row.maxBookings - booked, 0) : 0,
    esperienzePrenotate: booked,
    maxPrenotazioni: row.maxBookings,
    numOspitiMin: row.minGuests,
    numOspitiMax: row.maxGuests,
    orari: row.times,
    zoneSelezionabili: venueZones
      .filter((z) => row.zoneKeys.includes(z.key))
      .map((z) => ({ id: z.id, key: z.key, nome: z.name })),
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
    flagEsperienzaPassata: bit(row.expiryDate !== null && row.expiryDate < today),
    flagMotivoVisita: bit(row.askVisitReason),
    flagOrari: bit(row.times.length > 0),
    flagSceltaZona: bit(row.zoneChoice),
    flagSoldoutAttivo: bit(row.soldOutActive),
    flagVisibile: bit(row.visible),
  };
}
