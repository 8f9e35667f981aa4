import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer, type Mailer, outboxMessage, trackSends } from './mailer.js';

describe('the local outbox', () => {
  it('writes each message as one readable file with the recipient and the link intact', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    try {
      const mailer = createMailer(
        { kind: 'outbox', dir, from: 'PrintLoop <no-reply@x.test>' },
        pino({ level: 'silent' }),
      );
      const link = `http://localhost:3000/reset-password?token=${'a'.repeat(120)}`;
      await mailer.send({ to: 'ada@example.com', subject: 'Reset', text: `Open:\n\n${link}\n` });
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      const text = await readFile(path.join(dir, files[0]!), 'utf8');
      expect(text).toContain('To: ada@example.com');
      expect(text).toContain(link);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps header values on one line', () => {
    const msg = outboxMessage('a@b.c', { to: 'x@y.z\r\nBcc: evil@z.z', subject: 'Hi\nthere', text: 'body' });
    expect(msg).not.toMatch(/^Bcc:/m);
    expect(msg).toContain('Subject: Hi there');
  });

  it('waits, on settled(), for the messages still on their way (a shutdown does not cut them off)', async () => {
    const written: string[] = [];
    let release: () => void = () => {};
    const slow: Mailer = {
      kind: 'outbox',
      send: (m) =>
        new Promise<void>((resolve) => {
          release = () => {
            written.push(m.to);
            resolve();
          };
        }),
    };
    const mailer = trackSends(slow);
    void mailer.send({ to: 'ada@example.com', subject: 'Hi', text: 'x' });
    let settled = false;
    const done = mailer.settled().then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    release();
    await done;
    expect(written).toEqual(['ada@example.com']);
    await expect(mailer.settled()).resolves.toBeUndefined();
  });
});
