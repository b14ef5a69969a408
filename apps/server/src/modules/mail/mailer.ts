import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

/** One message: every message has a plain-text part and an HTML part. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (`List-Unsubscribe`); never inviter-chosen text. */
  headers?: Record<string, string>;
}

/** Waits `ms` or until `signal` aborts (then rejects). Tests pass one that does not sleep. */
export type Wait = (ms: number, signal: AbortSignal) => Promise<void>;

export interface MailerOptions {
  /** `smtp://` or `smtps://` URL; null sends nothing. */
  smtpUrl: string | null;
  /** The From header, e.g. `MailtoKit <no-reply@example.com>`. */
  from: string;
  log: FastifyBaseLogger;
  /** Pauses before each retry; the number of entries is the number of retries. */
  retryDelaysMs?: readonly number[];
  wait?: Wait;
}

/** After the first attempt: 10 s, 1 min, 5 min, then the message is given up and logged. */
export const DEFAULT_RETRY_DELAYS_MS = [10_000, 60_000, 300_000] as const;

const realWait: Wait = (ms, signal) => delay(ms, undefined, { signal, ref: false });

/** SMTP answers that will not change on a retry (5xx: bad address, rejected content …). */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Sends e-mail over SMTP in the background. `send` never throws and never waits for the
 * SMTP server: a request that sends mail answers at once, a server that is down is retried a
 * few times and failures are logged. Without an SMTP URL nothing is sent.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private readonly pending = new Set<Promise<void>>();
  private readonly stop = new AbortController();
  private readonly retryDelaysMs: readonly number[];
  private readonly wait: Wait;

  constructor(private readonly opts: MailerOptions) {
    this.transport = opts.smtpUrl
      ? nodemailer.createTransport(opts.smtpUrl, { from: opts.from })
      : null;
    this.retryDelaysMs = opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.wait = opts.wait ?? realWait;
  }

  /** False when no SMTP server is configured (nothing is sent). */
  get enabled(): boolean {
    return this.transport !== null;
  }

  /** Queues a message; returns at once. */
  send(mail: OutgoingMail): void {
    if (!this.transport) {
      this.opts.log.debug({ subject: mail.subject }, 'Email not sent: SMTP_URL is not set');
      return;
    }
    const task = this.deliver(this.transport, mail).finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves once every queued message is delivered or given up (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Stops retrying and closes the SMTP connection; messages still waiting are logged as lost. */
  async close(): Promise<void> {
    this.stop.abort();
    await this.idle();
    this.transport?.close();
  }

  private async deliver(transport: Transporter, mail: OutgoingMail): Promise<void> {
    const attempts = this.retryDelaysMs.length + 1;
    for (let attempt = 1; ; attempt++) {
      try {
        await transport.sendMail({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
        return;
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        const last = attempt >= attempts || isPermanent(err) || this.stop.signal.aborted;
        // The recipient and the body stay out of the log: a reset link is a credential.
        this.opts.log[last ? 'error' : 'warn'](
          { subject: mail.subject, attempt, attempts, err: reason },
          last
            ? `Email "${mail.subject}" could not be sent: ${reason}`
            : `Email "${mail.subject}" not sent yet (attempt ${attempt} of ${attempts}): ${reason}`,
        );
        if (last) return;
        try {
          await this.wait(this.retryDelaysMs[attempt - 1] ?? 0, this.stop.signal);
        } catch {
          this.opts.log.error(
            { subject: mail.subject },
            `Email "${mail.subject}" not sent: the server is shutting down`,
          );
          return;
        }
      }
    }
  }
}
