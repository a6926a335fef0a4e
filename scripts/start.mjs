// `npm start`: builds the site if there is no production build yet, then serves it on
// PORT (default 3000) and HOSTNAME (default all interfaces).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');

if (!existsSync(path.join(root, '.next', 'BUILD_ID'))) {
  console.log('No production build yet: running `next build` first.');
  const build = spawnSync(process.execPath, [next, 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const args = [next, 'start', '-p', process.env.PORT || '3000'];
if (process.env.HOSTNAME) args.push('-H', process.env.HOSTNAME);
const server = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });

// Stopping: SIGTERM or SIGINT is passed on to the server, which finishes its requests in flight
// and closes the database (server/runtime/shutdown.ts); if it has not exited some seconds after its own
// deadline, it is killed.
const graceMs = (Number(process.env.SHUTDOWN_TIMEOUT_MS) || 8000) + 5000;
let stopping = false;
function stop(signal) {
  server.kill(signal);
  if (stopping) return;
  stopping = true;
  setTimeout(() => server.kill('SIGKILL'), graceMs).unref();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM'));
// `npm start` is `exec node scripts/start.mjs`, so the signals npm passes on reach this script
// (a `sh -c` left in between would die on SIGTERM, or wait on SIGINT, without passing them on).
// Should npm itself be killed, this script is handed to init: the site stops then too.
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop('SIGTERM');
  }, 250).unref();
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
