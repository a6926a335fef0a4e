import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSecretFile, writeSecretFile } from '@/server/runtime/secret-file';

// Issue 21, point 10: every generated secret file is created exclusively, with mode 0600.
describe('generated secret files', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-file-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes a new secret with mode 0600, whatever the umask, and leaves no temporary file', () => {
    const old = process.umask(0o000);
    try {
      const file = path.join(dir, 'sub', 'backend-token');
      expect(writeSecretFile(file, 'first-secret')).toEqual({ secret: 'first-secret', created: true });
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(file, 'utf8')).toBe('first-secret\n');
      expect(fs.readdirSync(path.dirname(file))).toEqual(['backend-token']);
    } finally {
      process.umask(old);
    }
  });

  it('never overwrites a secret already there: the second writer gets the first one', () => {
    const file = path.join(dir, 'admin-token');
    writeSecretFile(file, 'winner');
    expect(writeSecretFile(file, 'loser')).toEqual({ secret: 'winner', created: false });
    expect(fs.readFileSync(file, 'utf8')).toBe('winner\n');
  });

  it('the backend, admin and local webhook secrets are made through it, 0600 and kept across calls', async () => {
    const old = { DATA_DIR: process.env.DATA_DIR, umask: process.umask(0o022) };
    process.env.DATA_DIR = dir;
    for (const name of ['BACKEND_TOKEN', 'ADMIN_TOKEN', 'LOCAL_PAYMENTS_WEBHOOK_SECRET', 'SESSION_SECRET']) delete process.env[name];
    jest.resetModules();
    try {
      const { getBackendToken, getAdminToken } = await import('@/server/backend/token');
      const { localWebhookSecret } = await import('@/server/payments/local');
      const secrets = [getBackendToken(), getAdminToken(), localWebhookSecret()];
      for (const file of ['backend-token', 'admin-token', 'local-webhook-secret']) expect(fs.statSync(path.join(dir, file)).mode & 0o777).toBe(0o600);
      expect(new Set(secrets).size).toBe(3);
      expect(getBackendToken()).toBe(secrets[0]);
    } finally {
      process.env.DATA_DIR = old.DATA_DIR;
      process.umask(old.umask);
    }
  });

  it('makes a readable secret file found on disk private', () => {
    const file = path.join(dir, 'session-secret');
    fs.writeFileSync(file, 'x'.repeat(40), { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    expect(readSecretFile(file)).toBe('x'.repeat(40));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readSecretFile(path.join(dir, 'none'))).toBeNull();
  });
});
