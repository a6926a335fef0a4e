import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Where the PostgreSQL 15 server binaries live on Debian; PG_BIN overrides. */
export const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';

export interface ThrowawayServer {
  url: string;
  dir: string;
  stop(): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** PostgreSQL refuses to run as root: as root, its binaries run as the `postgres` user. */
function pg(bin: string, args: string[]) {
  const file = path.join(PG_BIN, bin);
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${bin} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/**
 * Starts a real PostgreSQL 15 server in a temporary directory (about a second, fsync
 * off), for the integration and end-to-end tests. Stop it with `stop()`.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayServer> {
  if (!fs.existsSync(path.join(PG_BIN, 'initdb'))) {
    throw new Error(`PostgreSQL server binaries not found in ${PG_BIN}: install postgresql-15 or set PG_BIN.`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'frontpage-pg-'));
  fs.chmodSync(dir, 0o755);
  if (isRoot()) execFileSync('chown', ['-R', 'postgres', dir]);
  const port = await freePort();
  pg('initdb', ['-D', path.join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  pg('pg_ctl', [
    '-D', path.join(dir, 'data'), '-w', '-l', path.join(dir, 'log'),
    '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    stop() {
      try {
        pg('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
