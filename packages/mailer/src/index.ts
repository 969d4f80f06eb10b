import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Logger } from '@mnemo/logger';

export type MailerConfig =
  | {
      transport: 'smtp';
      host: string;
      port: number;
      secure?: boolean;
      user?: string;
      pass?: string;
      from: string;
    }
  | { transport: 'outbox'; dir: string; from: string }
  /** No mail at all (MAIL_DISABLED): every send is refused with MAIL_DISABLED. */
  | { transport: 'disabled' };

export type Mail = { to: string; subject: string; text: string; html?: string };

const outboxMessageSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export type Mailer = {
  /** False when this server sends no mail: callers refuse mail-dependent work before starting it. */
  readonly enabled: boolean;
  send(mail: Mail): Promise<{ id: string }>;
  /** For readiness checks: SMTP answers, or the outbox folder is writable. */
  check(): Promise<void>;
};

/**
 * Sends mail through SMTP when configured; otherwise writes each message to the dev outbox on disk,
 * where /api/dev/mail and /dev/mail show it. Message bodies are never logged: they carry codes.
 */
/** What a caller is told when this server sends no mail; the code is a contracts error code (503). */
export const MAIL_DISABLED_MESSAGE =
  'This server does not send e-mail, so sign-up by e-mail, password resets and mailed links are turned off. Please sign in with Google or contact the administrator.';

/**
 * The error a disabled mailer throws. It carries the service error code and the words a caller may
 * read (service-kit's PublicError shape), since this package does not depend on the service kit.
 */
export class MailDisabledError extends Error {
  readonly publicCode = 'MAIL_DISABLED' as const;
  readonly publicMessage = MAIL_DISABLED_MESSAGE;
  constructor() {
    super('mail is disabled (MAIL_DISABLED=true)');
    this.name = 'MailDisabledError';
  }
}

export function createMailer(config: MailerConfig, log?: Pick<Logger, 'info' | 'error'>): Mailer {
  if (config.transport === 'disabled') {
    return {
      enabled: false,
      send() {
        return Promise.reject(new MailDisabledError());
      },
      async check() {},
    };
  }
  if (config.transport === 'outbox') {
    return {
      enabled: true,
      async send(mail) {
        const id = randomUUID();
        const message: OutboxMessage = {
          id,
          from: config.from,
          ...mail,
          html: mail.html ?? '',
          sentAt: new Date().toISOString(),
        };
        // The name starts with the time so that the newest messages sort first without being opened.
        const name = `${message.sentAt.replace(/[:.]/g, '-')}-${id}.json`;
        const tmp = join(config.dir, `.${name}.tmp`);
        try {
          await mkdir(config.dir, { recursive: true });
          // Written under a temporary name and renamed, so a reader never sees half a message.
          await writeFile(tmp, JSON.stringify(message, null, 2));
          await rename(tmp, join(config.dir, name));
        } catch (err) {
          log?.error(
            { err, to: mail.to, subject: mail.subject },
            'mail could not be written to the dev outbox',
          );
          await rm(tmp, { force: true }).catch(() => undefined);
          throw err;
        }
        log?.info({ to: mail.to, subject: mail.subject, id }, 'mail written to the dev outbox');
        return { id };
      },
      async check() {
        await mkdir(config.dir, { recursive: true });
      },
    };
  }
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure ?? config.port === 465,
    ...(config.user ? { auth: { user: config.user, pass: config.pass ?? '' } } : {}),
  });
  return {
    enabled: true,
    async send(mail) {
      try {
        const info = await transport.sendMail({
          from: config.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        log?.info({ to: mail.to, subject: mail.subject, id: info.messageId }, 'mail sent');
        return { id: info.messageId };
      } catch (err) {
        log?.error({ err, to: mail.to, subject: mail.subject }, 'mail could not be sent');
        throw err;
      }
    },
    async check() {
      await transport.verify();
    },
  };
}

/**
 * The dev outbox, newest first. Only the newest `limit` files are opened (their names start with the
 * time), and a file that is not a message (edited by hand, half copied) is skipped, not fatal.
 */
export async function readOutbox(
  dir: string,
  { limit = 100 }: { limit?: number } = {},
): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const newest = names.sort().reverse().slice(0, Math.max(0, limit));
  const messages = await Promise.all(
    newest.map(async (n) => {
      try {
        const parsed = outboxMessageSchema.safeParse(
          JSON.parse(await readFile(join(dir, n), 'utf8')),
        );
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    }),
  );
  return messages
    .filter((m): m is OutboxMessage => m !== null)
    .sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * A small page listing the outbox, newest first, so a person can read verification codes. The
 * HTML bodies are shown as text: nothing a message carries runs on this page.
 */
export function renderOutboxPage(messages: OutboxMessage[]): string {
  const items = messages
    .map(
      (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${escapeHtml(new Date(m.sentAt).toLocaleString('en-GB', { timeZone: 'UTC' }))} UTC</span></header>
  <pre>${escapeHtml(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="robots" content="noindex">
<title>Mnemo dev outbox</title>
<style>
body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2937}
article{border:1px solid #e5e7eb;border-radius:8px;padding:1rem;margin:1rem 0}
header{display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap}
header span{color:#6b7280;font-size:.9rem}
pre{white-space:pre-wrap;font-size:1rem}
</style>
</head>
<body>
<h1>Dev outbox</h1>
<p>Mail Mnemo would have sent, newest first. This page exists only while no SMTP server is configured.</p>
${items || '<p>No mail yet.</p>'}
</body>
</html>`;
}
