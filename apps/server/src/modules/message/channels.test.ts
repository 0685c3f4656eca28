import { describe, expect, it } from 'vitest';
import { isPrivateAddress, reachesPrivateNetwork } from './channels';

// Webhooks are addresses typed by a template editor: the server must not be made to call its own network.
describe('webhook addresses', () => {
  it('knows loopback, private, link-local, shared, unique-local and multicast addresses', () => {
    for (const a of ['127.0.0.1', '10.0.0.8', '172.16.5.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:192.168.0.1']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });

  it('resolves names before deciding, and takes bracketed IPv6 hosts', async () => {
    expect(await reachesPrivateNetwork('localhost')).toBe(true);
    expect(await reachesPrivateNetwork('[::1]')).toBe(true);
    expect(await reachesPrivateNetwork('127.0.0.1')).toBe(true);
    expect(await reachesPrivateNetwork('8.8.8.8')).toBe(false);
  });
});
