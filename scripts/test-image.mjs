#!/usr/bin/env node
// `npm run test:image`: builds the container image from the Dockerfile with podman (tagged
// mailtokit:local) and smoke-tests it as an operator would: start it on a volume, sign up and in,
// save a link, make a tracking link and follow it, stop it with SIGTERM (exit 0 within 10 s),
// start it again on the same volume and find the data. Where no registry can be reached, the
// Dockerfile's base image is made locally (scripts/image/make-base.sh) under its official name.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from './build-if-stale.mjs';

const IMAGE = 'mailtokit:local';
/** The image must stay under this size (bytes, as podman reports it). */
const MAX_IMAGE_BYTES = 250 * 1000 * 1000;
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';
const started = Date.now();
const log = (line) =>
  console.log(`[image] ${line} (${Math.round((Date.now() - started) / 1000)} s)`);

process.env.CONTAINERS_CONF ??= path.join(ROOT, 'scripts/image/containers.conf');

function run(cmd, args, { allowFail = false, quiet = false, timeoutMs } = {}) {
  const res = spawnSync(cmd, args, {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (res.status !== 0 && !allowFail) {
    if (quiet) process.stderr.write(`${res.stdout ?? ''}${res.stderr ?? ''}`);
    throw new Error(`${cmd} ${args.join(' ')} failed (${res.status ?? res.signal ?? res.error})`);
  }
  return res;
}
const podman = (args, opts) => run('podman', args, { quiet: true, ...opts });

function ensurePodman() {
  const needed = ['podman', 'runc', 'debootstrap'].filter(
    (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status !== 0,
  );
  if (needed.length === 0) return;
  const debianRoot = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!debianRoot) {
    console.error(
      `[image] needs ${needed.join(', ')}: install podman, runc and debootstrap first.`,
    );
    process.exit(1);
  }
  log(`installing ${needed.join(', ')} from Debian's packages`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const res = spawnSync('apt-get', ['install', '-y', '-qq', 'podman', 'runc', 'debootstrap'], {
    stdio: 'inherit',
    env,
  });
  if (res.status !== 0) throw new Error('apt-get install podman runc debootstrap failed');
}

/** The Dockerfile's base image, pulled or, where no registry answers, made locally. */
function ensureBaseImage() {
  const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const name = /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1];
  const major = name && /^node:(\d+)-bookworm-slim$/.exec(name)?.[1];
  if (!name || !major)
    throw new Error('Dockerfile: ARG NODE_IMAGE=node:<major>-bookworm-slim expected');
  const full = `docker.io/library/${name}`;
  if (podman(['image', 'exists', full], { allowFail: true }).status === 0) return;
  log(`pulling ${full}`);
  if (podman(['pull', '-q', full], { allowFail: true, timeoutMs: 60_000 }).status === 0) return;
  log(`no registry answered: making ${full} from Debian's packages and the npm registry`);
  run('bash', [path.join(ROOT, 'scripts/image/make-base.sh'), full, major]);
}

function build() {
  const secret = fs.existsSync(CA_BUNDLE) ? ['--secret', `id=ca,src=${CA_BUNDLE}`] : [];
  log(`building ${IMAGE}`);
  run('podman', ['build', '--pull=never', '--format', 'docker', ...secret, '-t', IMAGE, '.']);
  const size = Number(podman(['image', 'inspect', '--format', '{{.Size}}', IMAGE]).stdout.trim());
  log(`${IMAGE} is ${(size / 1e6).toFixed(1)} MB`);
  if (!(size < MAX_IMAGE_BYTES))
    throw new Error(`the image is ${size} bytes; it must stay under ${MAX_IMAGE_BYTES}`);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitHealthy(base, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${base}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) throw new Error(`${base} did not become healthy`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function expect(ok, what) {
  if (!ok) throw new Error(`smoke test: ${what}`);
  log(`ok: ${what}`);
}

async function api(base, method, url, { body, cookie } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON (a redirect).
  }
  return { status: res.status, headers: res.headers, json };
}

function exitCode(container) {
  return Number(podman(['inspect', '--format', '{{.State.ExitCode}}', container]).stdout.trim());
}

async function smoke() {
  const name = `mailtokit-smoke-${process.pid}`;
  const volume = `${name}-data`;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  podman(['volume', 'create', volume]);
  try {
    podman([
      'run',
      '-d',
      '--name',
      name,
      '-p',
      `127.0.0.1:${port}:3000`,
      '-v',
      `${volume}:/data`,
      '-e',
      'DEFAULT_TIER=PREMIUM',
      '-e',
      'LOG_LEVEL=warn',
      IMAGE,
    ]);
    await waitHealthy(base);
    expect(true, 'the container answers /api/v1/health');
    const user = podman([
      'exec',
      name,
      '/usr/local/bin/node',
      '-p',
      'process.getuid()',
    ]).stdout.trim();
    expect(user !== '0', `the server runs as a non-root user (uid ${user})`);

    const account = {
      username: 'smoke_user',
      password: 'correct horse battery',
      email: 'smoke@example.com',
    };
    const reg = await api(base, 'POST', '/api/v1/auth/register', {
      body: { ...account, firstName: 'Smoke', lastName: 'Test' },
    });
    expect(reg.status === 201, 'sign-up answers 201');
    const signIn = async () => {
      const res = await api(base, 'POST', '/api/v1/auth/login', {
        body: { username: account.username, password: account.password },
      });
      expect(res.status === 200, 'sign-in answers 200');
      return (res.headers.get('set-cookie') ?? '').split(';')[0];
    };
    let cookie = await signIn();
    const link = await api(base, 'POST', '/api/v1/mailto-links', {
      cookie,
      body: { name: 'Smoke link', to: 'sales@example.com', subject: 'Hello from the image' },
    });
    expect(link.status === 201, 'a saved link is created');
    const tracking = await api(base, 'POST', '/api/v1/tracking', {
      cookie,
      body: { mailtoLinkId: link.json.id, label: 'smoke' },
    });
    expect(tracking.status === 201, 'a tracking link is created');
    const slug = tracking.json.slug;
    const follow = async () => {
      const res = await fetch(`${base}/t/${slug}`, {
        redirect: 'manual',
        headers: { accept: 'text/html', 'accept-language': 'en' },
      });
      return { status: res.status, location: res.headers.get('location') ?? '' };
    };
    const first = await follow();
    expect(
      first.status === 302 && first.location.startsWith('mailto:sales@example.com'),
      `/t/${slug} redirects to the mailto link`,
    );

    const stopStarted = Date.now();
    podman(['stop', '-t', '10', name]);
    const stopSeconds = (Date.now() - stopStarted) / 1000;
    expect(
      exitCode(name) === 0,
      `SIGTERM stops it with exit code 0 (in ${stopSeconds.toFixed(1)} s)`,
    );
    expect(stopSeconds < 10, 'it stops within 10 s');

    podman(['start', name]);
    await waitHealthy(base);
    cookie = await signIn();
    const list = await api(base, 'GET', '/api/v1/mailto-links', { cookie });
    expect(
      list.status === 200 && list.json.some?.((l) => l.name === 'Smoke link'),
      'after a restart on the same volume the account and its link are there',
    );
    const again = await follow();
    expect(again.status === 302, 'the tracking link still redirects after the restart');
    const analytics = await api(base, 'GET', `/api/v1/mailto-links/${link.json.id}/analytics`, {
      cookie,
    });
    expect(analytics.status === 200, 'analytics answer after the restart');
  } catch (err) {
    process.stderr.write(podman(['logs', '--tail', '50', name], { allowFail: true }).stderr ?? '');
    throw err;
  } finally {
    podman(['rm', '-f', '-t', '0', name], { allowFail: true });
    podman(['volume', 'rm', '-f', volume], { allowFail: true });
  }
}

try {
  ensurePodman();
  ensureBaseImage();
  build();
  await smoke();
  log('image test passed');
} catch (err) {
  console.error(`[image] FAILED: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
