import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startSmtpServer } from '@mnemo/testing/smtp';
import { createMailer, readOutbox, renderOutboxPage } from './index';

const base = mkdtempSync(join(tmpdir(), 'mnemo-outbox-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
// Each test gets its own outbox so none depends on what another wrote.
const freshDir = () => mkdtempSync(join(base, 'box-'));
const spyLog = () => ({ info: vi.fn(), error: vi.fn() });

describe('dev outbox', () => {
  it('writes each message to disk and reads them back newest first with every field', async () => {
    const dir = freshDir();
    const mailer = createMailer({ transport: 'outbox', dir, from: 'Mnemo <no-reply@mnemo.local>' });
    await mailer.send({
      to: 'ada@example.com',
      subject: 'First',
      text: 'Code 111111',
      html: '<p>Code 111111</p>',
    });
    await new Promise((r) => setTimeout(r, 5));
    await mailer.send({ to: 'ada@example.com', subject: 'Second', text: 'Code 222222' });
    expect(readdirSync(dir).filter((n) => n.endsWith('.json'))).toHaveLength(2);
    const messages = await readOutbox(dir);
    expect(messages.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(messages[1]).toMatchObject({
      to: 'ada@example.com',
      text: 'Code 111111',
      html: '<p>Code 111111</p>',
      from: 'Mnemo <no-reply@mnemo.local>',
    });
    expect(Date.parse(messages[0]!.sentAt)).not.toBeNaN();
    expect((await readOutbox(dir, { limit: 1 })).map((m) => m.subject)).toEqual(['Second']);
  });

  it('answers an empty list for an outbox nobody wrote to yet', async () => {
    expect(await readOutbox(join(base, 'missing'))).toEqual([]);
  });

  it('skips files in the outbox that are not messages', async () => {
    const dir = freshDir();
    await createMailer({ transport: 'outbox', dir, from: 'x@mnemo.local' }).send({
      to: 'a@b.c',
      subject: 'Real',
      text: 't',
    });
    writeFileSync(join(dir, '9999-broken.json'), '{"id": "half');
    writeFileSync(join(dir, '9999-other.json'), '{"hello": "world"}');
    expect((await readOutbox(dir)).map((m) => m.subject)).toEqual(['Real']);
  });

  it('logs a failed write without the message body and rethrows', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'not-a-folder'), '');
    const log = spyLog();
    const mailer = createMailer(
      { transport: 'outbox', dir: join(dir, 'not-a-folder'), from: 'x@mnemo.local' },
      log,
    );
    await expect(
      mailer.send({ to: 'a@b.c', subject: 'Verify', text: 'Your code is 424242' }),
    ).rejects.toThrow();
    expect(log.error).toHaveBeenCalledOnce();
    expect(JSON.stringify(log.error.mock.calls)).not.toContain('424242');
  });

  it('escapes what messages carry when it renders the page', () => {
    const page = renderOutboxPage([
      {
        id: '1',
        from: 'x',
        to: 'a@b.c',
        subject: '<script>alert(1)</script>',
        text: 'Your code is 123456',
        html: '',
        sentAt: new Date().toISOString(),
      },
    ]);
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('&lt;script&gt;');
    expect(page).toContain('Your code is 123456');
  });

  it('lists messages newest first on the page, with their codes readable', () => {
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
    const page = renderOutboxPage([
      {
        id: '2',
        from: 'x',
        to: 'a@b.c',
        subject: 'Newer',
        text: 'Code 222222',
        html: '',
        sentAt: at(2),
      },
      {
        id: '1',
        from: 'x',
        to: 'a@b.c',
        subject: 'Older',
        text: 'Code 111111',
        html: '',
        sentAt: at(1),
      },
    ]);
    expect(page.indexOf('Newer')).toBeLessThan(page.indexOf('Older'));
    expect(page).toContain('Code 222222');
  });
});

describe('SMTP', () => {
  it('delivers through a real SMTP server with nodemailer', async () => {
    const smtp = await startSmtpServer();
    try {
      const log = spyLog();
      const mailer = createMailer(
        {
          transport: 'smtp',
          host: smtp.host,
          port: smtp.port,
          secure: false,
          from: 'Mnemo <no-reply@mnemo.local>',
        },
        log,
      );
      await mailer.check();
      await mailer.send({
        to: 'grace@example.com',
        subject: 'Verify your email',
        text: 'Your code is 654321',
      });
      await expect.poll(() => smtp.messages.length).toBe(1);
      expect(smtp.messages[0]).toMatchObject({
        to: ['grace@example.com'],
        subject: 'Verify your email',
      });
      expect(smtp.messages[0]!.text).toContain('654321');
      expect(log.info).toHaveBeenCalled();
      expect(JSON.stringify(log.info.mock.calls)).not.toContain('654321');
    } finally {
      await smtp.close();
    }
  });
});

describe('disabled mail', () => {
  it('says it is disabled and refuses every message with the MAIL_DISABLED public error', async () => {
    const mailer = createMailer({ transport: 'disabled' });
    expect(mailer.enabled).toBe(false);
    await expect(mailer.check()).resolves.toBeUndefined();
    await expect(mailer.send({ to: 'a@b.c', subject: 'Verify', text: 'Code 111111' })).rejects.toMatchObject({
      publicCode: 'MAIL_DISABLED',
      publicMessage: expect.stringContaining('does not send e-mail'),
    });
    expect(createMailer({ transport: 'outbox', dir: freshDir(), from: 'x <x@y.z>' }).enabled).toBe(true);
  });
});
