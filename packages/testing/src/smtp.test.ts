import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { startSmtpServer } from './smtp';

describe('SMTP server for tests', () => {
  it('captures envelope, subject, text and HTML of what nodemailer sends', async () => {
    const smtp = await startSmtpServer();
    try {
      const transport = nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: false,
        auth: { user: 'u', pass: 'p' },
      });
      await transport.sendMail({
        from: 'Mnemo <no-reply@mnemo.local>',
        to: 'ada@example.com, grace@example.com',
        subject: 'Hello',
        text: 'Plain body',
        html: '<p>HTML body</p>',
      });
      transport.close();
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toMatchObject({
        from: 'no-reply@mnemo.local',
        to: ['ada@example.com', 'grace@example.com'],
        subject: 'Hello',
        text: 'Plain body',
      });
      expect(smtp.messages[0]!.html).toContain('<p>HTML body</p>');
    } finally {
      await smtp.close();
    }
  });
});
