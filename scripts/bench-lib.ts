/** What the bench scripts share (scripts/bench-hot.ts, bench-venues.ts, bench-soak.ts). */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(__dirname, '..');
export const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');

/** `next build` in `dir`; the bench stops if it fails. */
export function build(dir: string, args: string[] = []) {
  if (spawnSync(process.execPath, [next, 'build', ...args], { cwd: dir, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } }).status !== 0) process.exit(1);
}

/** Resolves once `url` answers 2xx (up to 3 minutes). */
export async function waitUp(url: string) {
  for (let i = 0; i < 720; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not start`);
}

/** The bare Next.js page (bench/bare-app) copied to a temporary directory and built there; returns that directory. */
export function buildBareApp(): string {
  const dir = path.join(os.tmpdir(), 'frontpage-bench-bare-app');
  // BENCH_KEEP_BARE=1: the bare page built by an earlier run in this TMPDIR is used again (runs back to back).
  if (process.env.BENCH_KEEP_BARE === '1' && fs.existsSync(path.join(dir, '.next', 'BUILD_ID'))) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(path.join(root, 'bench', 'bare-app'), dir, { recursive: true });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"bare-app","private":true}\n');
  build(dir, ['--webpack']);
  return dir;
}

/** A process's resident memory in MB (Linux), or NaN. */
export function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
  } catch {
    return NaN;
  }
}
