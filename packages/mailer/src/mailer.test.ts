import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '@mnemo/testing/smtp';
import { createMailer, readOutbox, renderOutboxPage } from './index';

const dir = mkdtempSync(join(tmpdir(), 'mnemo-outbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('dev outbox', () => {
  it('writes each message to disk and reads them back newest first with every field', async () => {
    const mailer = createMailer({ transport: 'outbox', dir, from: 'Mnemo <no-reply@mnemo.local>' });
    await mailer.send({ to: 'ada@example.com', subject: 'First', text: 'Code 111111', html: '<p>Code 111111</p>' });
    await new Promise((r) => setTimeout(r, 5));
    await mailer.send({ to: 'ada@example.com', subject: 'Second', text: 'Code 222222' });
    expect(readdirSync(dir).filter((n) => n.endsWith('.json'))).toHaveLength(2);
    const messages = await readOutbox(dir);
    expect(messages.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(messages[1]).toMatchObject({ to: 'ada@example.com', text: 'Code 111111', html: '<p>Code 111111</p>', from: 'Mnemo <no-reply@mnemo.local>' });
    expect(Date.parse(messages[0]!.sentAt)).not.toBeNaN();
    expect(await readOutbox(dir, { limit: 1 })).toHaveLength(1);
  });

  it('answers an empty list for an outbox nobody wrote to yet', async () => {
    expect(await readOutbox(join(dir, 'missing'))).toEqual([]);
  });

  it('escapes what messages carry when it renders the page', () => {
    const page = renderOutboxPage([
      { id: '1', from: 'x', to: 'a@b.c', subject: '<script>alert(1)</script>', text: 'Your code is 123456', html: '', sentAt: new Date().toISOString() },
    ]);
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('&lt;script&gt;');
    expect(page).toContain('Your code is 123456');
  });
});

describe('SMTP', () => {
  it('delivers through a real SMTP server with nodemailer', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createMailer({ transport: 'smtp', host: smtp.host, port: smtp.port, secure: false, from: 'Mnemo <no-reply@mnemo.local>' });
      await mailer.check();
      await mailer.send({ to: 'grace@example.com', subject: 'Verify your email', text: 'Your code is 654321' });
      await expect.poll(() => smtp.messages.length).toBe(1);
      expect(smtp.messages[0]).toMatchObject({ to: ['grace@example.com'], subject: 'Verify your email' });
      expect(smtp.messages[0]!.text).toContain('654321');
    } finally {
      await smtp.close();
    }
  });
});
