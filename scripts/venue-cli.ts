/**
 * What the venue scripts (`venue:check`, `venue:import`, `venue:token`) share: reading a file
 * with a plain-words error, finding the database without creating one, and reaching the
 * running site with a message that says what to set when it cannot be reached.
 */
import fs from 'node:fs';
import path from 'node:path';
import { config } from '@/server/runtime/config';
import { getAdminToken } from '@/server/backend/token';

/** A venue file read as JSON, or the reason it cannot be: `file not found: <path>`, or the JSON error. */
export function readJsonFile(name: string): { input: unknown } | { error: string } {
  const file = path.resolve(name);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { error: `file not found: ${file}` };
    if (code === 'EISDIR') return { error: `${file} is a folder: expected a venue file (.json)` };
    return { error: `cannot read ${file}: ${error instanceof Error ? error.message : error}` };
  }
  try {
    return { input: JSON.parse(text) };
  } catch (error) {
    return { error: `${file} is not valid JSON: ${error instanceof Error ? error.message : error}` };
  }
}

/**
 * Whether there is a database to open: `DATABASE_URL`, or an embedded one already in
 * `DATA_DIR` (default `./data`). A script that only reads never creates one: the embedded
 * database is some 40 MB, and an empty one holds no venue to check against.
 */
export const databaseExists = () => Boolean(config.databaseUrl) || fs.existsSync(path.join(config.dataDir, 'pglite'));

/** The address of the running site the scripts talk to when it holds the embedded database. */
export const siteBase = () => process.env.SITE_INTERNAL_URL || `http://127.0.0.1:${config.port}`;

/** A call to the running site's admin API; a site that cannot be reached is said in words, with what to set. */
export async function callRunningSite(pathname: string, body: unknown): Promise<Response> {
  const base = siteBase();
  try {
    return await fetch(`${base}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${getAdminToken()}` },
      body: JSON.stringify(body),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(
      `The database in ${config.dataDir} is held by a running site, but no site answers at ${base} (${cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : error)}). ` +
        `Set PORT to the port that site listens on (now ${process.env.PORT ? `PORT=${process.env.PORT}` : 'unset, so 3000'}), or SITE_INTERNAL_URL to its address, as you started it; or stop the site and run this again.`,
    );
  }
}
