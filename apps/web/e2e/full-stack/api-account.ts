import { expect, type APIRequestContext } from '@playwright/test';

/** An address no earlier run has used. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A verified account made through the API; the code is read from the dev outbox. Its token. */
export async function signedUp(request: APIRequestContext, label: string): Promise<string> {
  const email = uniqueEmail(label);
  const registered = await request.post('/api/auth/register', {
    data: { firstName: 'Ada', email, password: 'a long enough passphrase 7' },
  });
  expect(registered.status()).toBe(201);
  const { userId } = (await registered.json()) as { userId: string };
  let code = '';
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/dev/mail')).json()) as {
        to: string | string[];
        text: string;
      }[];
      const mail = mails.find((m) => [m.to].flat().some((to) => to.includes(email)));
      code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  const verified = await request.post('/api/auth/verify-email', {
    data: { userId, verificationCode: code },
  });
  expect(verified.ok()).toBe(true);
  return ((await verified.json()) as { token: string }).token;
}
