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
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
