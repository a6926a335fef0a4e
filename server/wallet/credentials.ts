import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { config } from '@/server/runtime/config';
import { readSecretFile, writeSecretFile } from '@/server/runtime/secret-file';
import { log } from '@/lib/log';

/**
 * The keys a wallet pass is signed with (docs/wallet.md). Real ones come from the environment;
 * without them the local default is a test chain generated once and kept under
 * DATA_DIR/wallet (never committed): a stand-in "WWDR" root, a pass certificate it signed, and an
 * RSA key for Google's service account. Passes signed with it say "Test – no value".
 */
export type AppleCredentials = {
  passTypeId: string;
  teamId: string;
  /** Apple's WWDR intermediate (real), or the generated test root (local). */
  wwdr: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  test: boolean;
};

export type GoogleCredentials = { issuerId: string; clientEmail: string; privateKey: string; test: boolean };

export const TEST_PASS_TYPE_ID = 'pass.invalid.frontpage.test';
export const TEST_TEAM_ID = 'TEST000000';
export const TEST_GOOGLE_ISSUER = '3388000000000000000';
export const TEST_GOOGLE_EMAIL = 'wallet-test@frontpage.invalid';

/** A PEM from a variable: the PEM itself, or the path of a file that holds it. */
function pem(value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  return v.startsWith('-----BEGIN') ? v.replace(/\\n/g, '\n') : fs.readFileSync(v, 'utf8');
}

const walletDir = () => path.join(config.dataDir, 'wallet');

/** Whether the environment names real Apple credentials (all of them, or it is a configuration error). */
export function appleConfigured(env: Record<string, string | undefined> = process.env): boolean {
  const names = ['WALLET_APPLE_PASS_TYPE_ID', 'WALLET_APPLE_TEAM_ID', 'WALLET_APPLE_CERT', 'WALLET_APPLE_KEY', 'WALLET_APPLE_WWDR'];
  const set = names.filter((n) => env[n]?.trim());
  if (set.length && set.length < names.length) throw new Error(`Apple Wallet: set all of ${names.join(', ')} (missing: ${names.filter((n) => !set.includes(n)).join(', ')})`);
  return set.length === names.length;
}

export const googleConfigured = (env: Record<string, string | undefined> = process.env) => !!(env.WALLET_GOOGLE_ISSUER_ID?.trim() && env.WALLET_GOOGLE_SERVICE_ACCOUNT?.trim());

type TestChain = { caCert: string; passCert: string; passKey: string; googleKey: string; googlePublicKey: string };
const cache = new Map<string, TestChain>();

/** A certificate of `subject`, issued by `issuer` (self-signed when the same), with `publicKey`. */
function certificate(subject: string, publicKeyPem: string, issuer: { name: string; keyPem: string }, ca: boolean): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  cert.serialNumber = '01' + randomBytes(8).toString('hex');
  // Certificates carry their own validity; a test chain valid from 2000 to 2100 never expires under faketime.
  cert.validity.notBefore = new Date('2000-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2100-01-01T00:00:00Z');
  cert.setSubject([{ name: 'commonName', value: subject }, { name: 'organizationName', value: 'Frontpage test' }]);
  cert.setIssuer([{ name: 'commonName', value: issuer.name }, { name: 'organizationName', value: 'Frontpage test' }]);
  cert.setExtensions([{ name: 'basicConstraints', cA: ca }, { name: 'keyUsage', keyCertSign: ca, digitalSignature: true }]);
  cert.sign(forge.pki.privateKeyFromPem(issuer.keyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });

/**
 * The generated test chain of this DATA_DIR: made on first use (keys by node:crypto, the two
 * certificates by node-forge) and written with writeSecretFile (0600, first writer wins).
 */
export function testChain(): TestChain {
  const dir = walletDir();
  const found = cache.get(dir);
  if (found) return found;
  const file = path.join(dir, 'test-chain.json');
  let stored = readSecretFile(file);
  if (!stored) {
    const ca = rsa();
    const pass = rsa();
    const google = rsa();
    const caName = 'Frontpage Test WWDR (no value)';
    const chain: TestChain = {
      caCert: certificate(caName, ca.publicKey, { name: caName, keyPem: ca.privateKey }, true),
      passCert: certificate(`Pass Type ID: ${TEST_PASS_TYPE_ID}`, pass.publicKey, { name: caName, keyPem: ca.privateKey }, false),
      passKey: pass.privateKey,
      googleKey: google.privateKey,
      googlePublicKey: google.publicKey,
    };
    stored = writeSecretFile(file, JSON.stringify(chain)).secret;
    log.info('wallet_test_chain_generated', { file });
  }
  const chain = JSON.parse(stored) as TestChain;
  cache.set(dir, chain);
  return chain;
}

/** The Apple Wallet signing credentials: the environment's, or the test chain. */
export function appleCredentials(env: Record<string, string | undefined> = process.env): AppleCredentials {
  if (appleConfigured(env)) {
    return {
      passTypeId: env.WALLET_APPLE_PASS_TYPE_ID!.trim(),
      teamId: env.WALLET_APPLE_TEAM_ID!.trim(),
      wwdr: pem(env.WALLET_APPLE_WWDR)!,
      signerCert: pem(env.WALLET_APPLE_CERT)!,
      signerKey: pem(env.WALLET_APPLE_KEY)!,
      signerKeyPassphrase: env.WALLET_APPLE_KEY_PASSPHRASE || undefined,
      test: false,
    };
  }
  const chain = testChain();
  return { passTypeId: TEST_PASS_TYPE_ID, teamId: TEST_TEAM_ID, wwdr: chain.caCert, signerCert: chain.passCert, signerKey: chain.passKey, test: true };
}

/** The Google Wallet issuer and its service account key: the environment's (the key file's JSON), or the test key. */
export function googleCredentials(env: Record<string, string | undefined> = process.env): GoogleCredentials {
  if (googleConfigured(env)) {
    const raw = env.WALLET_GOOGLE_SERVICE_ACCOUNT!.trim();
    const account = JSON.parse(raw.startsWith('{') ? raw : fs.readFileSync(raw, 'utf8')) as { client_email?: string; private_key?: string };
    if (!account.client_email || !account.private_key) throw new Error('WALLET_GOOGLE_SERVICE_ACCOUNT: a service account key (JSON with client_email and private_key) is expected');
    return { issuerId: env.WALLET_GOOGLE_ISSUER_ID!.trim(), clientEmail: account.client_email, privateKey: account.private_key, test: false };
  }
  return { issuerId: TEST_GOOGLE_ISSUER, clientEmail: TEST_GOOGLE_EMAIL, privateKey: testChain().googleKey, test: true };
}
