import { eq } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import type { Loaded } from '@/lib/backend/client';

/**
 * The built-in backend end to end below HTTP: migrations, demo seed, venue import and
 * the three calls of spec section 7, read back through the typed BackendClient.
 */
export function describeBuiltinBackend(driver: Driver) {
  describe(`built-in backend on ${driver}`, () => {
    useSiteDatabase(driver, { seed: false });
    beforeAll(async () => {
      const { getDb } = await import('@/server/db/client');
      const { seedDemoVenue } = await import('@/server/venues/seed');
      const db = await getDb();
      expect(await seedDemoVenue(db)).toBe(true);
      expect(await seedDemoVenue(db)).toBe(false);
    });

    const client = async (venueKey: string) => {
      const { createBackendClient } = await import('@/lib/backend/client');
      const { builtinTransport } = await import('@/server/backend/builtin');
      return createBackendClient(builtinTransport(venueKey), 'builtin');
    };
    /** The data of a successful read (the test fails on any other answer). */
    const ok = <T,>(loaded: Loaded<T>): T => {
      if (loaded.status !== 'ok') throw new Error(`expected data, got ${loaded.status}`);
      return loaded.data;
    };

    it('serves the demo venue on localhost and on its own host name', async () => {
      for (const key of ['localhost', 'demo.localhost']) {
        const location = ok(await (await client(key)).getLocation());
        expect(location).toMatchObject({ locationname: 'Trattoria Da Rosa', valuta: '€' });
        expect(location?.customHeader).toMatch(/<meta /);
        expect(location?.customHeader).toMatch(/<script>/);
        expect(location?.customFooter).not.toBe('');
        expect(location?.services).toMatchObject({ giftCards: true, fidelity: true });
        expect(location?.services.promotion?.urlName).toBe('aperitivo-omaggio');
      }
    });

    it('answers customFooter as a string, in the language asked for (Italian by default), and the texts per language in customFooterByLanguage', async () => {
      const { dispatch } = await import('@/server/backend/dispatch');
      const answer = async (params: Record<string, string>) => (await dispatch('location/getlocation', 'localhost', new URLSearchParams(params))).body.data as { customFooter: unknown; customFooterByLanguage: Record<string, string> };
      const italian = await answer({});
      expect(typeof italian.customFooter).toBe('string');
      expect(italian.customFooter).toMatch(/Via dei Neri 42r, Firenze/);
      expect((await answer({ language: 'en' })).customFooter).toMatch(/Via dei Neri 42r, Florence/);
      expect((await answer({ language: 'de' })).customFooter).toMatch(/Via dei Neri 42r, Florenz/);
      expect((await answer({ language: 'xx' })).customFooter).toBe(italian.customFooter);
      expect(italian.customFooterByLanguage).toMatchObject({ it: italian.customFooter, fr: expect.stringMatching(/Via dei Neri 42r, Florence/) });
      // The site reads the texts per language from the added field.
      const location = ok(await (await client('localhost')).getLocation());
      expect(location.customFooter.en).toMatch(/Via dei Neri 42r, Florence/);
      expect(location.customFooter.it).toMatch(/Via dei Neri 42r, Firenze/);
    });

    it('answers an unknown venue with status false and a 404', async () => {
      const { dispatch } = await import('@/server/backend/dispatch');
      const result = await dispatch('location/getlocation', 'nobody.example.com', new URLSearchParams());
      expect(result).toEqual({ httpStatus: 404, body: { status: false, error: 'venueNotFound' } });
      expect(await (await client('nobody.example.com')).getLocation()).toEqual({ status: 'unknownVenue' });
    });

    it('answers an unknown call with a 404 and status false', async () => {
      const { dispatch } = await import('@/server/backend/dispatch');
      expect(await dispatch('location/nothing', 'localhost', new URLSearchParams())).toMatchObject({
        httpStatus: 404,
        body: { status: false },
      });
    });

    it('refuses a field carrying a NUL character with a 400, in every call, before any query', async () => {
      const { dispatch } = await import('@/server/backend/dispatch');
      for (const call of ['reservation/codestatus', 'reservation/resendcode', 'reservation/release', 'fidelity/subscribe', 'reservation/create']) {
        const result = await dispatch(call, 'localhost', new URLSearchParams({ hash: 'AAAAAAAAAAAAAAAAAAAA\u0000', holdToken: '\u0000', nome: 'Ann\u0000a' }));
        expect([result.httpStatus, result.body.error]).toEqual([400, 'invalid']);
      }
    });

    it('lists every country prefix, named in Italian', async () => {
      const prefixes = ok(await (await client('localhost')).getAllServices());
      expect(prefixes.length).toBeGreaterThan(200);
      expect(prefixes).toContainEqual({ paese: 'Italia', prefisso: '+39', iso: 'IT' });
      expect(prefixes).toContainEqual({ paese: 'Germania', prefisso: '+49', iso: 'DE' });
      expect(prefixes).toContainEqual({ paese: 'Svizzera', prefisso: '+41', iso: 'CH' });
      expect(new Set(prefixes.map((p) => p.iso)).size).toBe(prefixes.length);
    });

    it('lists the three experiences with every field and texts in five languages', async () => {
      const list = ok(await (await client('localhost')).getExperienceList());
      expect(list.totale).toBe(3);
      expect(list.elenco).toHaveLength(3);
      for (const experience of list.elenco) {
        expect(experience.hash).toMatch(/^[A-Za-z0-9_-]{22,}$/);
        for (const lang of ['it', 'en', 'fr', 'es', 'de'] as const) {
          expect(experience.titolo[lang]).not.toBe('');
          expect(experience.descrizione[lang]).not.toBe('');
        }
        expect(experience.flagAttiva).toBe(1);
        expect(experience.numOspitiMax).toBeGreaterThanOrEqual(experience.numOspitiMin);
      }
      // The raw answer carries every field of spec section 3, none left undefined.
      const { dispatch } = await import('@/server/backend/dispatch');
      const raw = (await dispatch('experience/getexperiencelist', 'localhost', new URLSearchParams())).body as {
        data: { elenco: Record<string, unknown>[] };
      };
      const fields = ['id', 'hash', 'idTabellaStrutture', 'titolo', 'titoloFile', 'descrizione', 'condizioniPrenotazione',
        'campiAggiuntivi', 'cancellazione', 'data', 'scadenza', 'durata', 'esperienzeDisponibili', 'esperienzePrenotate',
        'maxPrenotazioni', 'numOspitiMin', 'numOspitiMax', 'orari', 'zoneSelezionabili', 'prezzo', 'importoCCGaranzia',
        'importoDepositoAcconto', 'tipoCCGaranzia', 'tipoAcquisto', 'tipoEsperienza', 'file', 'foto', 'sort',
        'flagAttiva', 'flagCalendario', 'flagData', 'flagEsperienzaPassata', 'flagMotivoVisita', 'flagOrari',
        'flagSceltaZona', 'flagSoldoutAttivo', 'flagVisibile'];
      for (const item of raw.data.elenco) {
        expect(Object.keys(item).sort()).toEqual([...fields].sort());
      }
    });

    it('re-imports a venue file in place: hashes stay, removed experiences are hidden', async () => {
      const { getDb } = await import('@/server/db/client');
      const { importVenue, readVenueFile } = await import('@/server/venues/import');
      const { DEMO_VENUE_FILE } = await import('@/server/venues/seed');
      const { experiences } = await import('@/server/db/schema');
      const db = await getDb();
      const before = ok(await (await client('localhost')).getExperienceList());

      const file = readVenueFile(DEMO_VENUE_FILE);
      const trimmed = { ...file, name: 'Trattoria Da Rosa Nuova', experiences: file.experiences.slice(0, 2) };
      const { hosts } = await importVenue(db, trimmed);
      expect(hosts).toEqual(expect.arrayContaining(['localhost', 'demo.localhost']));

      const after = ok(await (await client('localhost')).getExperienceList());
      expect(after.elenco.map((e) => e.hash)).toEqual(before.elenco.slice(0, 2).map((e) => e.hash));
      expect((ok(await (await client('localhost')).getLocation()))?.locationname).toBe('Trattoria Da Rosa Nuova');
      const hidden = await db.select().from(experiences).where(eq(experiences.key, file.experiences[2].key));
      expect(hidden[0]).toMatchObject({ active: false, visible: false });

      await importVenue(db, file);
      expect((ok(await (await client('localhost')).getExperienceList())).elenco.map((e) => e.hash)).toEqual(
        before.elenco.map((e) => e.hash),
      );
    });

    it('keeps one default venue, and maps a second venue by its host', async () => {
      const { getDb } = await import('@/server/db/client');
      const { importVenue, readVenueFile } = await import('@/server/venues/import');
      const { DEMO_VENUE_FILE } = await import('@/server/venues/seed');
      const db = await getDb();
      const file = readVenueFile(DEMO_VENUE_FILE);
      await importVenue(db, { ...file, slug: 'second', name: 'Osteria Seconda', hosts: ['second.localhost'], default: false });
      expect((ok(await (await client('second.localhost')).getLocation()))?.locationname).toBe('Osteria Seconda');
      expect((ok(await (await client('localhost')).getLocation()))?.locationname).toBe('Trattoria Da Rosa');

      await importVenue(db, { ...file, slug: 'second', name: 'Osteria Seconda', hosts: ['second.localhost'], default: true });
      expect((ok(await (await client('localhost')).getLocation()))?.locationname).toBe('Osteria Seconda');
      await importVenue(db, file);
      expect((ok(await (await client('localhost')).getLocation()))?.locationname).toBe('Trattoria Da Rosa');
    });
  });
}
