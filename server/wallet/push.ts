import 'server-only';
import http2 from 'node:http2';
import { log } from '@/lib/log';
import { appleConfigured, appleCredentials, type AppleCredentials } from './credentials';

/**
 * Tells Apple's push service that a device's passes changed (an empty push on the pass type's
 * topic: the device then asks the PassKit web service which serials changed, and fetches them).
 */
export interface PassPusher {
  push(passTypeId: string, pushToken: string): Promise<void>;
}

/** The local stand-in: remembers each push in this process (tests read `pushes`) and logs it; nothing leaves the machine. */
export class LocalPassPusher implements PassPusher {
  readonly pushes: { passTypeId: string; pushToken: string }[] = [];
  async push(passTypeId: string, pushToken: string) {
    this.pushes.push({ passTypeId, pushToken });
    log.info('wallet_apple_push_local', { passTypeId });
  }
}

/** APNs over HTTP/2 with the pass certificate as client certificate (Apple: "Updating a pass"). */
export class ApnsPassPusher implements PassPusher {
  /** `host` and `ca`: Apple's production service, or another (a test's) with its certificate authority. */
  constructor(private readonly creds: AppleCredentials, private readonly host = 'https://api.push.apple.com', private readonly ca?: string) {}
  push(passTypeId: string, pushToken: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const session = http2.connect(this.host, { cert: this.creds.signerCert, key: this.creds.signerKey, passphrase: this.creds.signerKeyPassphrase, ...(this.ca ? { ca: this.ca } : {}) });
      session.on('error', reject);
      const req = session.request({ ':method': 'POST', ':path': `/3/device/${encodeURIComponent(pushToken)}`, 'apns-topic': passTypeId, 'content-type': 'application/json' });
      req.setTimeout(10_000, () => req.close(http2.constants.NGHTTP2_CANCEL));
      req.on('response', (headers) => {
        const status = Number(headers[':status']);
        session.close();
        // 410: the device no longer has the pass; nothing to retry.
        if (status === 200 || status === 410) resolve();
        else reject(new Error(`APNs: HTTP ${status}`));
      });
      req.on('error', (error) => (session.close(), reject(error)));
      req.end('{}');
    });
  }
}

const shared = globalThis as typeof globalThis & { __frontpagePassPusher?: PassPusher };

/** The pusher this process uses: APNs when WALLET_APPLE_* are set, else the local stand-in (tests may set another). */
export const passPusher = (): PassPusher => (shared.__frontpagePassPusher ??= appleConfigured() ? new ApnsPassPusher(appleCredentials()) : new LocalPassPusher());
export const setPassPusher = (pusher: PassPusher | undefined) => void (shared.__frontpagePassPusher = pusher);
