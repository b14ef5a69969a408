import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './address';
import { ReceiverAgents, sendEvent, signature } from './sender';
import { retryDelayMs } from './worker';

describe('isPublicAddress', () => {
  it('accepts public unicast addresses only', () => {
    for (const ip of ['93.184.215.14', '8.8.8.8', '2606:4700::6810:85e5', '::ffff:93.184.215.14'])
      expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '127.255.0.9',
      '0.0.0.0',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.1.1',
      '224.0.0.251',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      'not an ip',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
  });

  // Every way IPv6 embeds an IPv4 address, each spelled in hex and with a dotted tail.
  it.each([
    // IPv4-compatible, ::/96 (deprecated: refused even around a public IPv4 address)
    ['::7f00:1', false],
    ['::127.0.0.1', false],
    ['0:0:0:0:0:0:127.0.0.1', false],
    ['::a00:1', false],
    ['::10.0.0.1', false],
    ['::a9fe:a9fe', false],
    ['::169.254.169.254', false],
    ['::808:808', false],
    ['::8.8.8.8', false],
    ['::2', false],
    // IPv4-mapped, ::ffff:0:0/96: the IPv4 address decides
    ['::ffff:7f00:1', false],
    ['::ffff:127.0.0.1', false],
    ['::FFFF:192.168.1.1', false],
    ['0:0:0:0:0:ffff:a9fe:a9fe', false],
    ['::ffff:808:808', true],
    ['::ffff:8.8.8.8', true],
    // IPv4-translated, ::ffff:0:0:0/96
    ['::ffff:0:7f00:1', false],
    ['::ffff:0:127.0.0.1', false],
    // NAT64, 64:ff9b::/96 and the local-use 64:ff9b:1::/48
    ['64:ff9b::7f00:1', false],
    ['64:ff9b::127.0.0.1', false],
    ['64:ff9b::a00:1', false],
    ['64:ff9b::192.168.0.1', false],
    ['64:ff9b::808:808', false],
    ['64:ff9b:1::a00:1', false],
    ['64:ff9b:1::10.0.0.1', false],
    // 6to4, 2002::/16
    ['2002:7f00:1::', false],
    ['2002:a00:1::1', false],
    ['2002:c0a8:101::1', false],
    ['2002:a9fe:a9fe::', false],
    ['2002:808:808::1', false],
    // Teredo, 2001::/32
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false],
    // site-local, documentation, discard-only
    ['fec0::1', false],
    ['2001:db8::1', false],
    ['100::1', false],
    // public
    ['2606:4700::6810:85e5', true],
    ['2a00:1450:4001:81c::200e', true],
  ])('%s public: %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });
});

describe('retryDelayMs', () => {
  it('grows fourfold from the base, with at most 20% jitter, capped at 12 hours', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n, 30_000, mid))).toEqual([
      30_000, 120_000, 480_000, 1_920_000, 7_680_000, 30_720_000, 43_200_000,
    ]);
    expect(retryDelayMs(1, 30_000, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, 30_000, () => 1)).toBe(36_000);
    const total = [1, 2, 3, 4, 5, 6, 7].reduce((sum, n) => sum + retryDelayMs(n, 30_000, mid), 0);
    expect(total / 3_600_000).toBeGreaterThan(20);
    expect(total / 3_600_000).toBeLessThan(26);
  });
});

describe('sendEvent', () => {
  it('checks the address again at delivery: a private one is refused before connecting', async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits += 1;
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const refused = await sendEvent(`http://localhost:${port}/`, {}, '{}', {
        allowPrivate: false,
      });
      expect(refused.status).toBeNull();
      expect(refused.error).toMatch(/private, loopback or reserved/);
      expect(hits).toBe(0);
      const allowed = await sendEvent(`http://127.0.0.1:${port}/`, {}, '{}', {
        allowPrivate: true,
      });
      expect(allowed).toEqual({ status: 200, error: null });
      expect(hits).toBe(1);
    } finally {
      server.close();
    }
  });

  it('refuses IPv6 spellings that embed a private IPv4 address at delivery, before connecting', async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits += 1;
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      for (const host of [
        '[::7f00:1]',
        '[::127.0.0.1]',
        '[::ffff:7f00:1]',
        '[::ffff:127.0.0.1]',
        '[::ffff:0:7f00:1]',
        '[64:ff9b::7f00:1]',
        '[2002:7f00:1::1]',
      ]) {
        const refused = await sendEvent(`http://${host}:${port}/`, {}, '{}', {
          allowPrivate: false,
        });
        expect(refused.status, host).toBeNull();
        expect(refused.error, host).toMatch(/private, loopback or reserved/);
      }
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });

  it('does not follow redirects and gives up after the timeout', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/slow') return; // never answers
      res.writeHead(302, { location: '/elsewhere' }).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const moved = await sendEvent(`http://127.0.0.1:${port}/`, {}, '{}', { allowPrivate: true });
      expect(moved.status).toBe(302);
      const slow = await sendEvent(`http://127.0.0.1:${port}/slow`, {}, '{}', {
        allowPrivate: true,
        timeoutMs: 100,
      });
      expect(slow).toEqual({ status: null, error: 'Timed out after 0.1 s' });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('ReceiverAgents', () => {
  it('reuses kept-alive connections per receiver and still checks the address every time', async () => {
    let connections = 0;
    let hits = 0;
    const server = http.createServer((req, res) => {
      hits += 1;
      req.resume();
      req.on('end', () => res.end());
    });
    server.on('connection', () => (connections += 1));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const agents = new ReceiverAgents();
    try {
      for (let i = 0; i < 3; i++)
        expect(
          await sendEvent(`http://127.0.0.1:${port}/`, {}, '{}', { allowPrivate: true, agents }),
        ).toEqual({ status: 200, error: null });
      expect(connections).toBe(1);
      // The check still runs with pools: a refused host never gets a connection.
      const refused = await sendEvent(`http://localhost:${port}/`, {}, '{}', {
        allowPrivate: false,
        agents,
      });
      expect(refused.error).toMatch(/private, loopback or reserved/);
      expect(hits).toBe(3);
      expect(connections).toBe(1);
    } finally {
      agents.destroy();
      server.close();
    }
  });
});

describe('signature', () => {
  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    // printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test
    expect(signature('whsec_test', '{"a":1}', 1700000000)).toBe(
      't=1700000000,v1=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789',
    );
  });
});
