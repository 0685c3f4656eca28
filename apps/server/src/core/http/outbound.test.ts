import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKind, canonicalHost, isAllowedAddress, outboundFetch, OutboundError, OUTBOUND_FAILED, OUTBOUND_REFUSED, resolveChecked } from './outbound';

// The guard in front of every address a user typed: whichever way the address is spelled, a loopback,
// private or reserved one is refused before any connection, and names are resolved only once.

const LOOPBACK_SPELLINGS = [
  '127.0.0.1',
  '127.1',
  '2130706433',
  '0x7f000001',
  '0x7f.1',
  '0177.0.0.1',
  '0177.0.0.01',
  '127.000.000.001',
  '[::1]',
  '[0:0:0:0:0:0:0:1]',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[0:0:0:0:0:ffff:7f00:1]',
  '[0000:0000:0000:0000:0000:FFFF:7F00:0001]',
  '[::127.0.0.1]',
  '[::7f00:1]',
  '[::ffff:0:7f00:1]',
  '[::ffff:0:127.0.0.1]',
  '[64:ff9b::7f00:1]',
  '[64:ff9b::127.0.0.1]',
  '[2002:7f00:1::]',
  '%31%32%37.0.0.1',
  '１２７.０.０.１',
  '127.0.0.1.',
];

const OTHER_REFUSED = [
  '0.0.0.0',
  '0',
  '[::]',
  '10.0.0.8',
  '172.16.5.4',
  '172.31.255.255',
  '192.168.1.1',
  '100.64.0.1',
  '169.254.169.254',
  '[::ffff:169.254.169.254]',
  '[::ffff:a9fe:a9fe]',
  '[fe80::1]',
  '[febf::1]',
  '[fc00::1]',
  '[fd12:3456::1]',
  '224.0.0.1',
  '[ff02::1]',
  '255.255.255.255',
  '240.0.0.1',
  '198.18.0.1',
  '192.0.2.1',
  '[2001:db8::1]',
  '[2001::1]',
  '[::ffff:10.1.2.3]',
  '[::ffff:c0a8:101]',
  '[64:ff9b:1::a00:1]',
];

describe('address classification', () => {
  it('sees loopback through every IPv4 spelling and every IPv4-in-IPv6 form', () => {
    for (const spelling of LOOPBACK_SPELLINGS) {
      const host = canonicalHost(spelling);
      expect(host, spelling).not.toBeNull();
      expect(addressKind(host!), `${spelling} -> ${host}`).toBe('loopback');
      expect(isAllowedAddress(host!, false), spelling).toBe(false);
    }
  });

  it('refuses private, shared, link-local, unique-local, unspecified, multicast, broadcast and reserved', () => {
    for (const spelling of OTHER_REFUSED) {
      const host = canonicalHost(spelling)!;
      expect(isAllowedAddress(host, false), `${spelling} -> ${host} (${addressKind(host)})`).toBe(false);
    }
    // the operator's switch opens private networks, never addresses that name no single server
    for (const a of ['127.0.0.1', '10.0.0.8', '::ffff:c0a8:101', 'fd00::1', 'fe80::1']) expect(isAllowedAddress(a, true), a).toBe(true);
    for (const a of ['0.0.0.0', '::', '224.0.0.1', 'ff02::1', '255.255.255.255']) expect(isAllowedAddress(a, true), a).toBe(false);
  });

  it('lets public addresses through', () => {
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '::ffff:808:808', '2a00:1450:4001::1']) {
      expect(addressKind(canonicalHost(a)!), a).toBe('public');
    }
    expect(addressKind('not-an-address')).toBe('reserved');
  });
});

describe('resolving once', () => {
  it('refuses a name that resolves to loopback, and a name with any private address among public ones', async () => {
    await expect(resolveChecked('localhost')).rejects.toMatchObject({ refused: true });
    await expect(resolveChecked('evil.example', { resolve: async () => ['127.0.0.1'] })).rejects.toMatchObject({ refused: true });
    await expect(resolveChecked('evil.example', { resolve: async () => ['::ffff:7f00:1'] })).rejects.toMatchObject({ refused: true });
    await expect(resolveChecked('mixed.example', { resolve: async () => ['93.184.216.34', '10.0.0.1'] })).rejects.toMatchObject({ refused: true });
    expect(await resolveChecked('public.example', { resolve: async () => ['93.184.216.34'] })).toMatchObject({ host: 'public.example', address: '93.184.216.34', family: 4 });
    await expect(resolveChecked('nowhere.example', { resolve: async () => Promise.reject(new Error('ENOTFOUND')) })).rejects.toMatchObject({ refused: false, message: OUTBOUND_FAILED });
  });
});

interface Hit {
  url: string;
  headers: IncomingHttpHeaders;
}

describe('outboundFetch against a real listener on 127.0.0.1', () => {
  let server: Server;
  let port: number;
  const hits: Hit[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push({ url: req.url!, headers: req.headers });
      if (req.url!.startsWith('/redirect')) {
        const to = new URL(req.url!, 'http://x').searchParams.get('to')!;
        res.writeHead(302, { location: to });
        return res.end();
      }
      if (req.url === '/secret') {
        res.writeHead(500, 'Internal secret status', { 'content-type': 'text/plain' });
        return res.end('root:x:0:0 TOP-SECRET-BODY');
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('inside');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('never reaches the listener through any loopback spelling', async () => {
    const before = hits.length;
    for (const spelling of [...LOOPBACK_SPELLINGS, 'localhost', 'LOCALHOST', 'localhost.', '0.0.0.0', '[::]']) {
      const err = await outboundFetch(`http://${spelling}:${port}/`).catch((e: unknown) => e);
      expect(err, spelling).toBeInstanceOf(OutboundError);
      expect(err, spelling).toMatchObject({ refused: true, message: OUTBOUND_REFUSED });
    }
    expect(hits.length).toBe(before);
  });

  it('refuses a host name an injected resolver turns into loopback', async () => {
    const before = hits.length;
    for (const answer of [['127.0.0.1'], ['::1'], ['::ffff:127.0.0.1'], ['93.184.216.34', '127.0.0.1']]) {
      await expect(outboundFetch(`http://hooks.example:${port}/`, {}, { resolve: async () => answer })).rejects.toMatchObject({ refused: true });
    }
    expect(hits.length).toBe(before);
  });

  it('refuses other schemes and credentials in the address', async () => {
    for (const address of ['file:///etc/passwd', `ftp://127.0.0.1:${port}/`, 'gopher://x/', `http://user:pw@hooks.example:${port}/`, 'not a url']) {
      await expect(outboundFetch(address, {}, { allowPrivate: true }), address).rejects.toMatchObject({ refused: true });
    }
  });

  it('resolves a name once and connects to the checked address (no rebinding), Host kept', async () => {
    let asked = 0;
    // a rebinding resolver: the first answer is the checked one, later ones would point elsewhere
    const resolve = async () => (asked++ === 0 ? ['127.0.0.1'] : ['10.255.255.1']);
    const res = await outboundFetch(`http://rebind.example:${port}/pinned`, {}, { allowPrivate: true, resolve });
    expect(await res.text()).toBe('inside');
    expect(asked).toBe(1);
    expect(hits.at(-1)).toMatchObject({ url: '/pinned', headers: expect.objectContaining({ host: `rebind.example:${port}` }) });
  });

  it('checks every redirect target again: a first hop allowed to be local cannot forward to another private address', async () => {
    const firstOnly = (_url: URL, hop: number) => hop === 0;
    const before = hits.length;
    for (const target of ['http://127.0.0.1/x', `http://[::ffff:7f00:1]:${port}/x`, `http://2130706433:${port}/x`, 'http://169.254.169.254/latest/meta-data/', `http://localhost:${port}/x`, 'http://10.0.0.1/']) {
      const err = await outboundFetch(`http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(target)}`, {}, { allowPrivate: firstOnly }).catch((e: unknown) => e);
      expect(err, target).toMatchObject({ refused: true });
    }
    // only the redirecting hops arrived, never the targets
    expect(hits.slice(before).every((h) => h.url.startsWith('/redirect'))).toBe(true);
    // with private hosts allowed on every hop it follows, at most three times
    const followed = await outboundFetch(`http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${port}/done`)}`, {}, { allowPrivate: true });
    expect(await followed.text()).toBe('inside');
    let chain = `http://127.0.0.1:${port}/done`;
    for (let i = 0; i < 4; i++) chain = `http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(chain)}`;
    await expect(outboundFetch(chain, {}, { allowPrivate: true })).rejects.toMatchObject({ refused: false, message: OUTBOUND_FAILED });
    // 'manual' hands the redirect back unfollowed
    const manual = await outboundFetch(`http://127.0.0.1:${port}/redirect?to=/done`, { redirect: 'manual' }, { allowPrivate: true });
    expect(manual.status).toBe(302);
  });

  it('never puts the remote status text or body into an error', async () => {
    const res = await outboundFetch(`http://127.0.0.1:${port}/secret`, {}, { allowPrivate: true });
    expect(res.status).toBe(500);
    expect(res.statusText).toBe('');
    const refusedPort = await outboundFetch('http://127.0.0.1:1/', {}, { allowPrivate: true }).catch((e: Error) => e);
    expect(refusedPort).toMatchObject({ message: OUTBOUND_FAILED });
    expect(String((refusedPort as Error).message)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    const tooLarge = await outboundFetch(`http://127.0.0.1:${port}/secret`, {}, { allowPrivate: true, maxBytes: 4 }).catch((e: Error) => e);
    expect(tooLarge).toMatchObject({ message: OUTBOUND_FAILED });
  });
});
