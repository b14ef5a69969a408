import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailer, type Wait } from '../src/modules/mail/mailer';
import { startTestSmtp, type TestSmtp } from './smtp';
import { freePort } from '@mailtokit/test-kit/ports';

/** A logger that keeps what it was told. */
function captureLog() {
  const lines: Array<{ level: string; msg: string }> = [];
  const at =
    (level: string) =>
    (_obj: unknown, msg?: string): void => {
      lines.push({ level, msg: msg ?? String(_obj) });
    };
  const log = {
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    child: () => log,
    level: 'trace',
    silent: () => undefined,
  };
  return { log: log as unknown as FastifyBaseLogger, lines };
}

/** A wait that returns at once and remembers how long it was asked to pause. */
function recordWaits() {
  const asked: number[] = [];
  const wait: Wait = (ms) => {
    asked.push(ms);
    return Promise.resolve();
  };
  return { wait, asked };
}

const message = {
  to: 'ada@example.com',
  subject: 'Reset your password',
  text: 'Open https://links.example.com/reset-password?token=abc',
  html: '<p>Open <a href="https://links.example.com/reset-password?token=abc">this link</a></p>',
};

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
});

describe('Mailer', () => {
  it('delivers a message with a plain-text and an HTML part from MAIL_FROM', async () => {
    const { log } = captureLog();
    const mailer = new Mailer({ smtpUrl: smtp.url, from: 'Links <links@example.com>', log });
    expect(mailer.enabled).toBe(true);
    mailer.send(message);
    await mailer.idle();
    const [mail] = smtp.to('ada@example.com');
    expect(mail?.subject).toBe('Reset your password');
    expect(mail?.from?.value[0]).toMatchObject({ name: 'Links', address: 'links@example.com' });
    expect(mail?.text?.trim()).toBe(message.text);
    expect(mail?.html).toContain('<a href="https://links.example.com/reset-password?token=abc">');
    await mailer.close();
  });

  it('returns before the SMTP server has answered', async () => {
    const { log } = captureLog();
    const mailer = new Mailer({ smtpUrl: smtp.url, from: 'a@example.com', log });
    const before = smtp.to('bob@example.com').length;
    mailer.send({ ...message, to: 'bob@example.com' });
    expect(smtp.to('bob@example.com')).toHaveLength(before);
    await mailer.idle();
    expect(smtp.to('bob@example.com')).toHaveLength(before + 1);
    await mailer.close();
  });

  it('retries a refused delivery after the configured pauses, then delivers it', async () => {
    const { log, lines } = captureLog();
    const { wait, asked } = recordWaits();
    const mailer = new Mailer({
      smtpUrl: smtp.url,
      from: 'a@example.com',
      log,
      retryDelaysMs: [1000, 5000, 30_000],
      wait,
    });
    smtp.refuseNext(2);
    mailer.send({ ...message, to: 'carol@example.com' });
    await mailer.idle();
    expect(smtp.to('carol@example.com')).toHaveLength(1);
    expect(asked).toEqual([1000, 5000]);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(2);
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(0);
    await mailer.close();
  });

  it('gives up on a server that is down after the retries, logs it once as an error, never throws', async () => {
    const { log, lines } = captureLog();
    const { wait, asked } = recordWaits();
    const mailer = new Mailer({
      smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
      from: 'a@example.com',
      log,
      retryDelaysMs: [10, 20],
      wait,
    });
    expect(() => mailer.send(message)).not.toThrow();
    await mailer.idle();
    expect(asked).toEqual([10, 20]);
    const errors = lines.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.msg).toContain('"Reset your password" could not be sent');
    // The body (a reset link is a credential) and the recipient are never logged.
    expect(JSON.stringify(lines)).not.toContain('token=abc');
    expect(JSON.stringify(lines)).not.toContain('ada@example.com');
    await mailer.close();
  });

  it('stops retrying when closed (shutdown), logging what was not sent', async () => {
    const { log, lines } = captureLog();
    let waiting: () => void = () => undefined;
    const retryPending = new Promise<void>((r) => (waiting = r));
    const mailer = new Mailer({
      smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
      from: 'a@example.com',
      log,
      retryDelaysMs: [3_600_000],
      // Waits until aborted, like a real timer of an hour.
      wait: (_ms, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new Error('aborted')));
          waiting();
        }),
    });
    mailer.send(message);
    await retryPending;
    await mailer.close();
    expect(lines.at(-1)?.msg).toContain('not sent: the server is shutting down');
  });

  it('sends nothing without an SMTP URL', async () => {
    const { log } = captureLog();
    const mailer = new Mailer({ smtpUrl: null, from: 'a@example.com', log });
    expect(mailer.enabled).toBe(false);
    const before = smtp.messages.length;
    mailer.send(message);
    await mailer.idle();
    expect(smtp.messages).toHaveLength(before);
    await mailer.close();
  });
});
