/**
 * Sites started by the operations tests themselves (not by playwright.config.ts), from the
 * same production build, on ports `E2E_PORT_BASE + 40..49`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { E2E_ADMIN_TOKEN, E2E_TOKEN } from './servers';

export const root = path.resolve(__dirname, '../..');
const base = Number(process.env.E2E_PORT_BASE) || 3100;
/** The ports of the operations tests: `E2E_PORT_BASE + 40 + n`. */
export const opsPort = (n: number) => base + 40 + n;

export const tempDataDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `frontpage-${name}-`));

/** The environment of a production site, without the variables of the suite's own sites. */
export function siteEnv(port: number, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', PORT: String(port), DATA_DIR: dataDir, BACKEND_TOKEN: E2E_TOKEN, ADMIN_TOKEN: E2E_ADMIN_TOKEN, ...extra };
  for (const key of ['DATABASE_URL', 'BACKEND_URL', 'SMTP_URL', 'HOSTNAME', 'npm_lifecycle_event'] as const) if (!(key in extra)) delete env[key];
  return env;
}

export interface Started {
  process: ChildProcess;
  /** Everything the process wrote (stdout and stderr). */
  output: () => string;
}

/** Spawns a command in its own process group, so the test can find every process it leaves. */
export function startDetached(command: string, args: string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return { process: child, output: () => output };
}

/** `next start` of the built site, as scripts/e2e-server.ts runs it. */
export function startNext(port: number, env: NodeJS.ProcessEnv): Started {
  return startDetached(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port)], { ...env, NODE_ENV: 'production' });
}

/** True while any process of the group `pgid` is alive. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Kills whatever is left of a process group (cleanup after a failed test). */
export function killGroup(pgid: number | undefined) {
  if (!pgid) return;
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Waits for `GET /api/health` to answer 200. */
export async function waitReady(port: number, started: Started, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (started.process.exitCode !== null) throw new Error(`the site on ${port} exited (${started.process.exitCode}):\n${started.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the site on ${port} did not become ready:\n${started.output()}`);
}

export { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
