import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { acquireDirectoryLock, DatabaseLockedError } from '@/server/db/lock';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));

describe('PGlite directory lock', () => {
  it('refuses a second process with a clear message while the holder lives', async () => {
    const dir = tmp();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dir, 'pglite.lock'), JSON.stringify({ pid: holder.pid }));
      expect(() => acquireDirectoryLock(dir)).toThrow(DatabaseLockedError);
      expect(() => acquireDirectoryLock(dir)).toThrow(/in use by process \d+ \(is the site running\?\)/);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a dead process and releases it', async () => {
    const dir = tmp();
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.on('exit', r));
    fs.writeFileSync(path.join(dir, 'pglite.lock'), JSON.stringify({ pid: dead.pid }));
    const release = acquireDirectoryLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'pglite.lock'), 'utf8')).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
  });
});
