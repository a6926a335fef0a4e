import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHmac } from 'node:crypto';

/**
 * Issue 41, point 11: every signed link (staff answer, reminder, waiting-list offer, no-show
 * fee...) is signed with a key of its own purpose, derived from the site's link secret, not
 * with the backend token every front holds; LINK_SECRET_PREVIOUS keeps links alive through a
 * rotation.
 */
describe('per-purpose link keys', () => {
  const saved = { ...process.env };
  let dir: string;
  const load = async () => {
    jest.resetModules();
    const signatures = await import('@/server/backend/signatures');
    const { getBackendToken } = await import('@/server/backend/token');
    return { ...signatures, getBackendToken };
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'link-keys-'));
    process.env.DATA_DIR = dir;
    for (const name of ['LINK_SECRET', 'LINK_SECRET_PREVIOUS', 'BACKEND_TOKEN']) delete process.env[name];
  });
  afterEach(() => {
    process.env = { ...saved };
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a link signed with the backend token, as every link was before, is refused', async () => {
    const { linkSignature, isLinkSignature, getBackendToken } = await load();
    const parts = ['booking-reminder', 7, 'abcdefghijklmnopqrstuv', 3] as const;
    const byToken = createHmac('sha256', getBackendToken()).update(parts.join('\u0000')).digest('base64url').slice(0, 32);
    expect(isLinkSignature(byToken, 'booking-reminder', 7, 'abcdefghijklmnopqrstuv', 3)).toBe(false);
    const signed = linkSignature('booking-reminder', 7, 'abcdefghijklmnopqrstuv', 3);
    expect(signed).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(signed).not.toBe(byToken);
    expect(isLinkSignature(signed, 'booking-reminder', 7, 'abcdefghijklmnopqrstuv', 3)).toBe(true);
  });

  it('the secret is generated once in DATA_DIR (0600), and is not the backend token', async () => {
    const { getLinkSecret, getBackendToken } = await load();
    const secret = getLinkSecret();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(secret).not.toBe(getBackendToken());
    expect(fs.readFileSync(path.join(dir, 'link-secret'), 'utf8').trim()).toBe(secret);
    expect(fs.statSync(path.join(dir, 'link-secret')).mode & 0o777).toBe(0o600);
    expect((await load()).getLinkSecret()).toBe(secret);
  });

  it('refuses a short LINK_SECRET, or one that is the backend token', async () => {
    process.env.LINK_SECRET = 'short';
    expect((await load()).getLinkSecret).toThrow(/at least 32/);
    process.env.LINK_SECRET = 'b'.repeat(40);
    process.env.BACKEND_TOKEN = 'b'.repeat(40);
    expect((await load()).getLinkSecret).toThrow(/backend token/);
  });

  it('a link of one purpose does not verify for another, with the same parts', async () => {
    process.env.LINK_SECRET = 'a'.repeat(40);
    const { linkSignature, isLinkSignature } = await load();
    const offer = linkSignature('waitlist-offer', 1, 42);
    expect(isLinkSignature(offer, 'waitlist-offer', 1, 42)).toBe(true);
    expect(isLinkSignature(offer, 'noshow-fee', 1, 42)).toBe(false);
    expect(isLinkSignature(offer, 'waitlist-offer', 2, 42)).toBe(false);
    const confirm = linkSignature('staff-answer-link', 1, 'h', 'confirm', 0);
    expect(isLinkSignature(confirm, 'staff-answer-link', 1, 'h', 'decline', 0)).toBe(false);
    expect(isLinkSignature(confirm, 'booking-reminder', 1, 'h', 'confirm', 0)).toBe(false);
    expect(isLinkSignature('', 'waitlist-offer', 1, 42)).toBe(false);
    expect(isLinkSignature(offer.slice(0, 31), 'waitlist-offer', 1, 42)).toBe(false);
  });

  it('rotation: a link signed with the previous secret verifies while LINK_SECRET_PREVIOUS names it, and not after', async () => {
    process.env.LINK_SECRET = 'old-'.repeat(10);
    const old = (await load()).linkSignature('noshow-fee', 3, 9);
    process.env.LINK_SECRET = 'new-'.repeat(10);
    let now = await load();
    expect(now.isLinkSignature(old, 'noshow-fee', 3, 9)).toBe(false);
    expect(now.linkSignature('noshow-fee', 3, 9)).not.toBe(old);
    process.env.LINK_SECRET_PREVIOUS = `${'older'.repeat(8)}, ${'old-'.repeat(10)}`;
    now = await load();
    expect(now.isLinkSignature(old, 'noshow-fee', 3, 9)).toBe(true);
    // New links are signed with the new secret only.
    expect(now.linkSignature('noshow-fee', 3, 9)).not.toBe(old);
    delete process.env.LINK_SECRET_PREVIOUS;
    expect((await load()).isLinkSignature(old, 'noshow-fee', 3, 9)).toBe(false);
  });
});
