import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/server/db/client';
import { DatabaseLockedError } from '@/server/db/lock';
import { createPostgresDatabase, openTestDatabase, tempDir } from '../helpers/databases';

describe('database', () => {
  beforeAll(() => {
    process.env.LOG_LEVEL = 'silent';
  });

  it('migrates PGlite and refuses a second opener of the same directory', async () => {
    const handle = await openTestDatabase('pglite', { fresh: true });
    try {
      const tables = await handle.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`);
      const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
      expect(names).toEqual(expect.arrayContaining(['venues', 'venue_hosts', 'zones', 'shifts', 'experiences', 'gift_cards', 'promotions']));
      await expect(openDatabase({ dataDir: handle.dataDir })).rejects.toThrow(DatabaseLockedError);
    } finally {
      await handle.close();
    }
  });

  it('reopens a PGlite directory after it is closed, with its data', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    await first.db.execute(sql`insert into venues (slug, name, currency, country, timezone, address, phone, custom_header, custom_footer, theme, policies)
      values ('x', 'X', '€', 'IT', 'Europe/Rome', '', '', '', '', '{}', '{}')`);
    await first.close();
    const second = await openDatabase({ dataDir });
    const count = await second.db.execute(sql`select count(*)::int as n from venues`);
    expect((count as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
    await second.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets several processes migrate one PostgreSQL database at once', async () => {
    const databaseUrl = await createPostgresDatabase();
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl, dataDir: tempDir() })));
    const applied = await handles[0].db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect((applied as unknown as { rows: { n: number }[] }).rows[0].n).toBeGreaterThan(0);
    await Promise.all(handles.map((h) => h.close()));
  });

  it('enforces one default venue in the database', async () => {
    const handle = await openTestDatabase('postgres');
    const insert = (slug: string) =>
      handle.db.execute(sql`insert into venues (slug, name, is_default, currency, country, timezone, address, phone, custom_header, custom_footer, theme, policies)
        values (${slug}, ${slug}, true, '€', 'IT', 'Europe/Rome', '', '', '', '', '{}', '{}')`);
    await insert('a');
    await expect(insert('b')).rejects.toThrow();
    await handle.close();
  });
});
