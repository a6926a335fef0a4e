import { z } from 'zod';
import { num, str, texts } from './fields';
import { additionalFieldsField, timesField, zonesField } from './experience-fields';

/** One experience as spec section 3 lists it: missing numbers read 0, missing strings ''. */
export const experienceSchema = z.object({
  id: num,
  hash: str,
  idTabellaStrutture: num,
  titolo: texts,
  titoloFile: texts,
  descrizione: texts,
  condizioniPrenotazione: texts,
  campiAggiuntivi: additionalFieldsField,
  cancellazione: num,
  data: str,
  scadenza: str,
  durata: num,
  esperienzeDisponibili: num,
  esperienzePrenotate: num,
  maxPrenotazioni: num,
  numOspitiMin: num,
  numOspitiMax: num,
  orari: timesField,
  zoneSelezionabili: zonesField,
  prezzo: num,
  importoCCGaranzia: num,
  importoDepositoAcconto: num,
  tipoCCGaranzia: num,
  tipoAcquisto: num,
  tipoEsperienza: num,
  file: str,
  foto: str,
  sort: num,
  flagAttiva: num,
  flagCalendario: num,
  flagData: num,
  flagEsperienzaPassata: num,
  flagMotivoVisita: num,
  flagOrari: num,
  flagSceltaZona: num,
  flagSoldoutAttivo: num,
  flagVisibile: num,
});
export type Experience = z.infer<typeof experienceSchema>;

/** The list arrives as a plain list or as `{elenco, pagine, totale}`; both read as the latter. */
export const experienceListSchema = z
  .union([
    z.array(experienceSchema),
    z.object({
      elenco: z
        .array(experienceSchema)
        .nullish()
        .transform((l) => l ?? []),
      pagine: num,
      totale: num,
    }),
  ])
  .nullish()
  .transform((v) => {
    if (!v) return { elenco: [], pagine: 0, totale: 0 };
    if (Array.isArray(v)) return { elenco: v, pagine: 1, totale: v.length };
    return v;
  });
export type ExperienceList = z.infer<typeof experienceListSchema>;
