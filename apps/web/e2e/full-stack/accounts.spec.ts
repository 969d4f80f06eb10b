import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// Against the real Mnemo (launcher, gateway, auth service, embedded Postgres, dev outbox): every
// answer here comes from the server; codes and links are read from GET /api/dev/mail.

interface OutboxMail {
  to: string | string[];
  subject: string;
  text: string;
  sentAt: string;
}

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The newest outbox message to `email` whose text matches `pattern`; waits for it to arrive. */
async function mailMatch(
  request: APIRequestContext,
  email: string,
  pattern: RegExp,
): Promise<RegExpMatchArray> {
  let match: RegExpMatchArray | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/mail');
        if (!response.ok()) return false;
        const mails = (await response.json()) as OutboxMail[];
        for (const mail of mails) {
          if (![mail.to].flat().some((to) => to.includes(email))) continue;
          match = mail.text.match(pattern);
          if (match) return true;
        }
        return false;
      },
      { message: `a mail to ${email} matching ${pattern}` },
    )
    .toBe(true);
  return match as unknown as RegExpMatchArray;
}

const CODE = /\b(\d{6})\b/;
const RESET_LINK = /https?:\/\/\S+?(\/reset-password\?token=[\w-]+)/;

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('token'));
}

/** A verified account made through the API, for tests about what comes after sign-up. */
async function verifiedAccount(request: APIRequestContext, firstName: string, password: string) {
  const email = uniqueEmail('reset');
  const registered = await request.post('/api/auth/register', {
    data: { firstName, email, password },
  });
  expect(registered.status()).toBe(201);
  const { userId } = (await registered.json()) as { userId: string };
  const [, code] = await mailMatch(request, email, CODE);
  const verified = await request.post('/api/auth/verify-email', {
    data: { userId, verificationCode: code },
  });
  expect(verified.ok()).toBe(true);
  const { token } = (await verified.json()) as { token: string };
  return { email, token };
}

test('sign up, verify with the mailed code, use the signed-in sidebar, sign out and back in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('signup');
  const password = 'a long enough passphrase 7';
  // A name with markup must come back as text.
  const firstName = '<i>Ada</i>';

  await page.goto('/create-flashcards');
  await expect(page.getByRole('heading', { name: 'Create Flashcards' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page
    .getByRole('dialog', { name: 'Welcome Back' })
    .getByRole('button', { name: 'Create an account' })
    .click();
  const signUp = page.getByRole('dialog', { name: 'Create an Account' });
  // Google is not configured in this stack: no button.
  await expect(signUp.getByTestId('google-sign-in')).toHaveCount(0);
  await signUp.getByLabel('First name').fill(firstName);
  await signUp.getByLabel('Email').fill(email);
  await signUp.getByLabel('Password').fill('short');
  await signUp.getByRole('button', { name: 'Create Account' }).click();
  await expect(signUp.getByRole('alert')).toContainText('at least 8 characters');
  await signUp.getByLabel('Password').fill(password);
  await signUp.getByRole('button', { name: 'Create Account' }).click();

  const verify = page.getByRole('dialog', { name: 'Check Your Email' });
  await expect(verify).toContainText(email);
  const [, code] = await mailMatch(request, email, CODE);
  const wrong = code === '000000' ? '111111' : '000000';
  await verify.getByLabel('Verification code').fill(wrong);
  await verify.getByRole('button', { name: 'Verify Email' }).click();
  await expect(verify.getByRole('alert')).not.toBeEmpty();
  await verify.getByLabel('Verification code').fill(code ?? '');
  await verify.getByRole('button', { name: 'Verify Email' }).click();
  await expect(verify.getByText('Email verified successfully!')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/create-flashcards$/);
  const firstToken = await storedToken(page);
  expect(firstToken).toBeTruthy();
  expect(await page.evaluate(() => localStorage.getItem('anonymousSession'))).toBeNull();

  // The signed-in sidebar: Spaces, and the user menu with the e-mail; the name is plain text.
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByRole('heading', { name: 'Spaces' })).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  await expect(page.locator('.sidebar i')).toHaveCount(0);
  await sidebar.getByRole('button', { name: firstName }).click();
  await expect(page.getByRole('menu')).toContainText(email);

  // A reload keeps the session: the server accepts the stored token.
  await page.reload();
  await expect(sidebar.getByRole('button', { name: firstName })).toBeVisible();

  await sidebar.getByRole('button', { name: firstName }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/create-flashcards$/);
  await expect(sidebar.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  // Logout really ended the session on the server.
  await expect
    .poll(async () =>
      (
        await request.get('/api/auth/me', { headers: { authorization: `Bearer ${firstToken}` } })
      ).status(),
    )
    .toBe(401);

  await sidebar.getByRole('button', { name: 'Sign In' }).click();
  const signIn = page.getByRole('dialog', { name: 'Welcome Back' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password').fill('not the password');
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(signIn.getByRole('alert')).toHaveText('Invalid email or password');
  await signIn.getByLabel('Password').fill(password);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(signIn.getByRole('status')).toHaveText('Login successful!');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await sidebar.getByRole('button', { name: firstName }).click();
  await expect(page.getByRole('menu')).toContainText(email);
  const secondToken = await storedToken(page);
  expect(secondToken).toBeTruthy();
  expect(secondToken).not.toBe(firstToken);
});

test('reset a forgotten password through the dialog, the mailed link and the page', async ({
  page,
  request,
}) => {
  const oldPassword = 'the old passphrase 1';
  const newPassword = 'the brand new passphrase 2';
  const { email, token: oldSession } = await verifiedAccount(request, 'Grace', oldPassword);

  await page.goto('/create-flashcards');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByRole('status')).not.toBeEmpty();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The link names the server's public origin; open its path on this origin (same local storage).
  const [, path] = await mailMatch(request, email, RESET_LINK);
  await page.goto(path ?? '/reset-password');
  await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status')).toHaveText('Password reset successful! Redirecting...');
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toBeTruthy();

  // Signed in with the new session.
  await page.goto('/create-flashcards');
  await page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('button', { name: 'Grace' })
    .click();
  await expect(page.getByRole('menu')).toContainText(email);

  // The link is spent, the old session ended, the old password refused, the new one accepted.
  await page.goto(path ?? '/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid or expired reset link' })).toBeVisible();
  const me = await request.get('/api/auth/me', {
    headers: { authorization: `Bearer ${oldSession}` },
  });
  expect(me.status()).toBe(401);
  const refused = await request.post('/api/auth/login', {
    data: { email, password: oldPassword },
  });
  expect(refused.status()).toBe(401);
  const accepted = await request.post('/api/auth/login', {
    data: { email, password: newPassword },
  });
  expect(accepted.ok()).toBe(true);
});
