import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { backendFor } from '@/server/backend';
import { localhostVenueHost, venueKeyForHost } from '@/lib/venue/host';

/** Spec section 7, "Local development": on localhost the site asks for a fixed venue host. */
const ENV = ['LOCALHOST_VENUE_HOST', 'BACKEND_URL', 'BACKEND_TOKEN', 'LOG_LEVEL'] as const;
const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('LOCALHOST_VENUE_HOST', () => {
  it('unset, local addresses are the default venue', () => {
    delete process.env.LOCALHOST_VENUE_HOST;
    expect(localhostVenueHost()).toBeUndefined();
    for (const host of ['localhost:3000', '127.0.0.1', '[::1]:3000', '']) expect(venueKeyForHost(host)).toBe('localhost');
  });

  it('set, local addresses are that venue host, and other hosts stay themselves', () => {
    process.env.LOCALHOST_VENUE_HOST = ' Rosa.Example.com ';
    expect(localhostVenueHost()).toBe('rosa.example.com');
    for (const host of ['localhost:3000', '127.0.0.1:8080', '[::1]:3000', null]) expect(venueKeyForHost(host)).toBe('rosa.example.com');
    expect(venueKeyForHost('seconda.localhost:3000')).toBe('seconda.localhost');
  });

  it('naming a local address itself is the same as unset', () => {
    process.env.LOCALHOST_VENUE_HOST = 'localhost';
    expect(localhostVenueHost()).toBeUndefined();
    expect(venueKeyForHost('127.0.0.1:3000')).toBe('localhost');
  });

  it('refuses a value that is no host name, with the reason, and the server stops at start', async () => {
    const { checkConfig } = await import('@/server/runtime/config');
    for (const value of ['https://rosa.example.com', 'rosa.example.com:443', 'rosa.example.com/x', 'rosa example']) {
      process.env.LOCALHOST_VENUE_HOST = value;
      expect(() => localhostVenueHost()).toThrow(/LOCALHOST_VENUE_HOST must be a venue's host name/);
      expect(() => checkConfig()).toThrow(/LOCALHOST_VENUE_HOST must be a venue's host name/);
      expect(venueKeyForHost('localhost')).toBe('_invalid');
    }
  });
});

describe('LOCALHOST_VENUE_HOST with a legacy backend', () => {
  let server: http.Server;
  const forwardedHosts: (string | undefined)[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      forwardedHosts.push(req.headers['x-forwarded-host'] as string | undefined);
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: true, data: { locationname: 'Da Rosa', valuta: '€' } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the named host as X-Forwarded-Host for a page opened on localhost', async () => {
    Object.assign(process.env, {
      BACKEND_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      BACKEND_TOKEN: 'secret-token',
      LOG_LEVEL: 'silent',
    });
    forwardedHosts.length = 0;
    process.env.LOCALHOST_VENUE_HOST = 'rosa.example.com';
    expect(await backendFor(venueKeyForHost('127.0.0.1:3000')).getLocation()).toMatchObject({ status: 'ok', data: { locationname: 'Da Rosa' } });
    delete process.env.LOCALHOST_VENUE_HOST;
    await backendFor(venueKeyForHost('localhost:3000')).getLocation();
    await backendFor(venueKeyForHost('seconda.example.com')).getLocation();
    expect(forwardedHosts).toEqual(['rosa.example.com', 'localhost', 'seconda.example.com']);
  });
});
