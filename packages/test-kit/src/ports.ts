import net from 'node:net';

/**
 * Ports for servers that tests and benchmarks start on 127.0.0.1. On a shared machine a range
 * of one's own (`TEST_PORTS=3140-3149`, `BENCH_PORTS=3130-3139`) keeps them apart; without one
 * the operating system picks.
 */
export interface PortChoice {
  /** A range `low-high` (an environment variable's value), or unset. */
  range?: string | undefined;
  /** The variable the range came from, named in errors. */
  name?: string;
  /** The `index`th port of the range, as is (the caller's own numbering), instead of a free one. */
  index?: number;
}

function parseRange(spec: string, name: string): [number, number] {
  const m = /^(\d+)-(\d+)$/.exec(spec.trim());
  const low = Number(m?.[1]);
  const high = Number(m?.[2]);
  if (!m || !(low > 0 && high >= low && high < 65536))
    throw new Error(`${name} must look like 3130-3139, not ${JSON.stringify(spec)}`);
  return [low, high];
}

/** Binds `port` (0: any) on 127.0.0.1 and lets it go: the port bound, or null if taken. */
function tryListen(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : null;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A port on 127.0.0.1 that nothing listens on (released before the caller binds it): the first
 * free one of `range`, its `index`th when given, or one the operating system picks.
 */
export async function freePort({
  range,
  name = 'the port range',
  index,
}: PortChoice = {}): Promise<number> {
  if (!range) {
    const port = await tryListen(0);
    if (port === null) throw new Error('no free port on 127.0.0.1');
    return port;
  }
  const [low, high] = parseRange(range, name);
  if (index !== undefined) {
    if (low + index > high) throw new Error(`${name}=${low}-${high} has no port number ${index}`);
    return low + index;
  }
  for (let port = low; port <= high; port += 1) if ((await tryListen(port)) !== null) return port;
  throw new Error(`no free port in ${name}=${low}-${high}`);
}
