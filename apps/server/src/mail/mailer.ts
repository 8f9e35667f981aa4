import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes (e.g. the visitor who wrote through the contact form). */
  replyTo?: string;
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/**
 * Email over SMTP when SMTP_URL is set; otherwise each message is written as one .eml file under
 * the outbox folder (the recipient, subject and body in plain text), so a local user can read it.
 */
export function createMailer(cfg: Config['mail'], log: FastifyBaseLogger): Mailer {
  if (cfg.kind === 'smtp') {
    const transport = nodemailer.createTransport(cfg.url);
    return {
      kind: 'smtp',
      async send(m) {
        await transport.sendMail({ from: cfg.from, ...m });
      },
    };
  }
  return {
    kind: 'outbox',
    async send(m) {
      await mkdir(cfg.dir, { recursive: true });
      const file = path.join(
        cfg.dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, outboxMessage(cfg.from, m), { mode: 0o600 });
      log.info({ to: m.to, subject: m.subject, file }, 'email written to the local outbox');
    },
  };
}

/**
 * The same mailer, counting the messages on their way: `settled()` waits for those (a shutdown must
 * not cut an outbox file in half, nor close the server under a send).
 */
export function trackSends(mailer: Mailer): Mailer & { settled(): Promise<void> } {
  const inFlight = new Set<Promise<void>>();
  return {
    kind: mailer.kind,
    send(m) {
      const p = mailer.send(m);
      inFlight.add(p);
      const done = () => inFlight.delete(p);
      p.then(done, done);
      return p;
    },
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

/** A readable RFC 5322 message (8-bit plain text), so links in the outbox can be copied as they are. */
export function outboxMessage(from: string, m: MailMessage, date = new Date()): string {
  const clean = (v: string) => v.replace(/[\r\n]+/g, ' ');
  return [
    `From: ${clean(from)}`,
    `To: ${clean(m.to)}`,
    `Subject: ${clean(m.subject)}`,
    ...(m.replyTo ? [`Reply-To: ${clean(m.replyTo)}`] : []),
    `Date: ${date.toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    m.text,
    '',
  ].join('\r\n');
}
