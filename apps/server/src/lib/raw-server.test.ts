import type { IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TrustProxy } from '../config';
import { clientIpOf, proxyTrustOf } from './raw-server';

const SETTINGS: Array<[string, TrustProxy]> = [
  ['off', false],
  ['every hop', true],
  ['one hop', { hops: 1 }],
  ['two hops', { hops: 2 }],
  ['a list', { proxies: ['10.0.0.0/8', 'loopback'] }],
];

const REQUESTS: Array<{ peer: string; xff?: string }> = [
  { peer: '127.0.0.1' },
  { peer: '127.0.0.1', xff: '198.51.100.1' },
  { peer: '127.0.0.1', xff: '6.6.6.6, 198.51.100.2' },
  { peer: '10.0.0.5', xff: '6.6.6.6, 198.51.100.3, 10.0.0.9' },
  { peer: '203.0.113.9', xff: '6.6.6.6' },
  { peer: '::1', xff: '2001:db8::1, 2001:db8::2' },
];

describe('proxyTrustOf and clientIpOf', () => {
  it.each(SETTINGS)(
    'read the same client as Fastify with TRUST_PROXY %s',
    async (_what, setting) => {
      const trust = proxyTrustOf(setting);
      const app = Fastify({ trustProxy: trust });
      app.get('/', (request) => ({ ip: request.ip }));
      await app.ready();
      try {
        for (const r of REQUESTS) {
          const headers = r.xff ? { 'x-forwarded-for': r.xff } : {};
          const res = await app.inject({ method: 'GET', url: '/', remoteAddress: r.peer, headers });
          const raw = { socket: { remoteAddress: r.peer }, headers } as unknown as IncomingMessage;
          expect(clientIpOf(trust)(raw), JSON.stringify(r)).toBe(res.json<{ ip: string }>().ip);
        }
      } finally {
        await app.close();
      }
    },
  );

  it('takes the right-most untrusted entry with a count or a list, the left-most with true', () => {
    const req = (peer: string, xff: string) =>
      ({
        socket: { remoteAddress: peer },
        headers: { 'x-forwarded-for': xff },
      }) as unknown as IncomingMessage;
    // A proxy that appends: the client wrote "6.6.6.6" itself.
    const appended = req('127.0.0.1', '6.6.6.6, 198.51.100.2');
    expect(clientIpOf(proxyTrustOf({ hops: 1 }))(appended)).toBe('198.51.100.2');
    expect(clientIpOf(proxyTrustOf({ proxies: ['loopback'] }))(appended)).toBe('198.51.100.2');
    expect(clientIpOf(proxyTrustOf(true))(appended)).toBe('6.6.6.6');
    // Two proxies in a row, counted or listed.
    const twice = req('10.0.0.5', '6.6.6.6, 198.51.100.3, 10.0.0.9');
    expect(clientIpOf(proxyTrustOf({ hops: 2 }))(twice)).toBe('198.51.100.3');
    expect(clientIpOf(proxyTrustOf({ proxies: ['10.0.0.0/8'] }))(twice)).toBe('198.51.100.3');
    // A peer that is not a listed proxy is the client, whatever it says.
    expect(
      clientIpOf(proxyTrustOf({ proxies: ['10.0.0.0/8'] }))(req('203.0.113.9', '6.6.6.6')),
    ).toBe('203.0.113.9');
    // No address (the client hung up): none.
    const gone = { socket: {}, headers: {} } as unknown as IncomingMessage;
    expect(clientIpOf(proxyTrustOf({ hops: 1 }))(gone)).toBeUndefined();
  });
});
