import 'server-only';
import fs from 'node:fs';
import path from 'node:path';

export class DatabaseLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${holderPid} (is the site running?). ` +
        'PGlite allows one process at a time: stop that process first, or use a PostgreSQL server through DATABASE_URL.',
    );
    this.name = 'DatabaseLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Lock files this process holds; a lock file naming our own pid but not here is stale (pid reuse). */
const heldHere = new Set<string>();

/**
 * Guards a PGlite data directory: PGlite does not lock it, and two processes
 * writing one directory corrupt it. A lock left by a dead process is taken over.
 * Returns the function that releases the lock.
 */
export function acquireDirectoryLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'pglite.lock');
  if (heldHere.has(file)) throw new DatabaseLockedError(dataDir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }), { flag: 'wx' });
      heldHere.add(file);
      const release = () => {
        heldHere.delete(file);
        try {
          const holder = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number };
          if (holder.pid === process.pid) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holderPid = 0;
      try {
        holderPid = Number((JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number }).pid) || 0;
      } catch {
        // unreadable lock: treat as stale
      }
      if (holderPid && holderPid !== process.pid && isAlive(holderPid)) {
        throw new DatabaseLockedError(dataDir, holderPid);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the database lock in ${dataDir}`);
}
