import fs from 'node:fs';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import forge from 'node-forge';

/**
 * The real APNs pusher against a local HTTP/2 server standing in for api.push.apple.com: it
 * presents the pass certificate as its client certificate, posts `{}` to `/3/device/{token}` with
 * the pass type as topic; 200 and 410 (the device dropped the pass) are done, anything else fails.
 */
describe('the APNs pass pusher', () => {
  let dir = '';
  let server: http2.Http2SecureServer;
  let serverCert = '';
  const seen: { path: string; topic: string; body: string; clientCn: string }[] = [];
  const statuses: number[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-push-'));
    process.env.DATA_DIR = dir;
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    const cert = forge.pki.createCertificate();
    cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKey);
    cert.serialNumber = '01';
    cert.validity.notBefore = new Date('2000-01-01T00:00:00Z');
    cert.validity.notAfter = new Date('2100-01-01T00:00:00Z');
    cert.setSubject([{ name: 'commonName', value: 'localhost' }]);
    cert.setIssuer([{ name: 'commonName', value: 'localhost' }]);
    cert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }]);
    cert.sign(forge.pki.privateKeyFromPem(keys.privateKey), forge.md.sha256.create());
    serverCert = forge.pki.certificateToPem(cert);
    server = http2.createSecureServer({ key: keys.privateKey, cert: serverCert, requestCert: true, rejectUnauthorized: false });
    server.on('stream', (stream, headers) => {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => {
        const peer = (stream.session!.socket as TLSSocket).getPeerCertificate();
        seen.push({ path: String(headers[':path']), topic: String(headers['apns-topic']), body, clientCn: String(peer.subject?.CN ?? '') });
        stream.respond({ ':status': statuses.shift() ?? 200 });
        stream.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('pushes with the pass certificate; 410 is done, 500 fails', async () => {
    const { appleCredentials } = await import('@/server/wallet/credentials');
    const { ApnsPassPusher } = await import('@/server/wallet/push');
    const creds = appleCredentials({});
    const pusher = new ApnsPassPusher(creds, `https://localhost:${(server.address() as AddressInfo).port}`, serverCert);
    statuses.push(200, 410, 500);
    await pusher.push(creds.passTypeId, 'abc123');
    await pusher.push(creds.passTypeId, 'def456');
    await expect(pusher.push(creds.passTypeId, 'fff000')).rejects.toThrow(/APNs: HTTP 500/);
    expect(seen).toEqual([
      { path: '/3/device/abc123', topic: creds.passTypeId, body: '{}', clientCn: `Pass Type ID: ${creds.passTypeId}` },
      { path: '/3/device/def456', topic: creds.passTypeId, body: '{}', clientCn: `Pass Type ID: ${creds.passTypeId}` },
      { path: '/3/device/fff000', topic: creds.passTypeId, body: '{}', clientCn: `Pass Type ID: ${creds.passTypeId}` },
    ]);
  });
});
