import { expect, test, type Page, type Route } from '@playwright/test';
import { watchDialogClosing } from './dialog-fade';
import { answerAs } from './fake-calls';
import { failure } from './fake-deck-api';

// The account dialogs and the reset page against answers played with page.route, in the wire
// format of the auth service (errors: {success:false, error, message, code, requestId}). The real
// service is exercised by the full-stack project. Successful answers are typed by the contracts
// (`answerAs`), the schemas the web client parses them with.

const USER = {
  _id: '0d9f3c1e-2a4b-4c6d-8e0f-1a2b3c4d5e6f',
  email: 'ada@example.com',
  firstName: 'Ada',
};
/** An account that has not confirmed its e-mail yet. */
const UNVERIFIED_ID = '5b2e7c90-3f41-4d8a-9c6e-2d7f1a0b4e93';

/** Records the JSON bodies posted to an API path. */
function recordPosts(page: Page, path: string): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === `/api${path}`)
      bodies.push(r.postDataJSON());
  });
  return bodies;
}

async function openSignIn(page: Page, path = '/create-flashcards') {
  await page.goto(path);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('creating an account leads through the code dialog to a signed-in session', async ({
  page,
}) => {
  const registered = recordPosts(page, '/auth/register');
  await page.route('**/api/auth/register', (route) =>
    answerAs(
      route,
      'POST /auth/register',
      { success: true, email: USER.email, userId: USER._id, message: 'We sent a code.' },
      201,
    ),
  );
  let resends = 0;
  await page.route('**/api/auth/resend-verification', (route) => {
    resends += 1;
    return resends === 1
      ? answerAs(route, 'POST /auth/resend-verification', {
          success: true,
          message: 'We sent you a new code.',
        })
      : failure(429, 'RATE_LIMITED', 'Please wait a minute before requesting another code.')(route);
  });
  await page.route('**/api/auth/verify-email', (route) => {
    const body = route.request().postDataJSON() as { verificationCode: string };
    return body.verificationCode === '123456'
      ? answerAs(route, 'POST /auth/verify-email', { success: true, token: 'tok-1', user: USER })
      : failure(400, 'CODE_INVALID', 'That code is not right. 4 attempts left.')(route);
  });

  const signIn = await openSignIn(page, '/explore');
  await signIn.getByRole('button', { name: 'Create an account' }).click();
  const register = page.getByRole('dialog', { name: 'Create an Account' });
  await register.getByRole('button', { name: 'Create Account' }).click();
  await expect(register.getByRole('alert')).toHaveText('Please enter your first name');
  await register.getByLabel('First name').fill(' Ada ');
  await register.getByLabel('Email').fill('ada@example.com');
  await register.getByLabel('Password').fill('correct horse battery');
  await register.getByRole('button', { name: 'Create Account' }).click();
  expect(registered).toEqual([
    { firstName: 'Ada', email: 'ada@example.com', password: 'correct horse battery' },
  ]);

  const verify = page.getByRole('dialog', { name: 'Check Your Email' });
  await expect(verify).toContainText('ada@example.com');
  await expect(page.getByRole('dialog')).toHaveCount(1);
  const code = verify.getByLabel('Verification code');
  const submit = verify.getByRole('button', { name: 'Verify Email' });
  await expect(submit).toBeDisabled();
  await code.pressSequentially('12a3-4 5');
  await expect(code).toHaveValue('12345');
  await expect(submit).toBeDisabled();

  await verify.getByRole('button', { name: 'Resend Code' }).click();
  const notice = verify.getByText('We sent you a new code.');
  await expect(notice).toBeVisible();
  await expect(notice).toBeHidden({ timeout: 4_500 });
  await verify.getByRole('button', { name: 'Resend Code' }).click();
  await expect(verify.getByRole('alert')).toHaveText(
    'Please wait a minute before requesting another code.',
  );

  await code.fill('1234599');
  await expect(code).toHaveValue('123459');
  await submit.click();
  await expect(verify.getByRole('alert')).toHaveText('That code is not right. 4 attempts left.');

  await code.fill('123456');
  await submit.click();
  await expect(verify.getByText('Email verified successfully!')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('tok-1');
  expect(await page.evaluate(() => localStorage.getItem('anonymousSession'))).toBeNull();
  await expect(page).toHaveURL(/\/explore$/);
  // Closes after 2 s and goes to /create-flashcards.
  await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 4_000 });
  await expect(page).toHaveURL(/\/create-flashcards$/);
  await page.getByRole('button', { name: 'Ada' }).click();
  await expect(page.getByRole('menu')).toContainText('ada@example.com');
});

test('sign-in shows the server error, the default without one, and success', async ({ page }) => {
  let answer: (route: Route) => Promise<void> = failure(
    401,
    'INVALID_CREDENTIALS',
    'Invalid email or password',
  );
  await page.route('**/api/auth/login', (route) => answer(route));
  const dialog = await openSignIn(page);
  await dialog.getByLabel('Email').fill('ada@example.com');
  await dialog.getByLabel('Password').fill('wrong');
  const submit = dialog.getByRole('button', { name: 'Sign In', exact: true });
  await submit.click();
  await expect(dialog.getByRole('alert')).toHaveText('Invalid email or password');

  answer = (route) => route.abort('connectionrefused');
  await submit.click();
  await expect(dialog.getByRole('alert')).toHaveText('Login failed');

  answer = (route) => route.fulfill({ status: 502, body: 'Bad gateway' });
  await submit.click();
  await expect(dialog.getByRole('alert')).toHaveText('Login failed');

  answer = (route) =>
    answerAs(route, 'POST /auth/login', { success: true, token: 'tok-2', ...USER, user: USER });
  await submit.click();
  await expect(dialog.getByRole('status')).toHaveText('Login successful!');
  await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 2_000 });
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('tok-2');
  expect(await page.evaluate(() => localStorage.getItem('anonymousSession'))).toBeNull();
  await expect(page.getByRole('heading', { name: 'Spaces' })).toBeVisible();
});

test('a login of an unverified account opens the code dialog', async ({ page }) => {
  await page.route(
    '**/api/auth/login',
    failure(409, 'EMAIL_NOT_VERIFIED', 'Please verify your email first. We sent you a new code.', {
      userId: UNVERIFIED_ID,
    }),
  );
  const verified = recordPosts(page, '/auth/verify-email');
  await page.route('**/api/auth/verify-email', (route) => route.abort('connectionrefused'));
  const dialog = await openSignIn(page);
  await dialog.getByLabel('Email').fill('late@example.com');
  await dialog.getByLabel('Password').fill('whatever1');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  const verify = page.getByRole('dialog', { name: 'Check Your Email' });
  await expect(verify).toContainText('Please verify your email first. We sent you a new code.');
  await expect(verify).toContainText('late@example.com');
  await verify.getByLabel('Verification code').fill('654321');
  await verify.getByRole('button', { name: 'Verify Email' }).click();
  await expect(verify.getByRole('alert')).toHaveText('Email verification failed');
  expect(verified).toEqual([{ userId: UNVERIFIED_ID, verificationCode: '654321' }]);
});

test('dialogs fade out before they leave the page', async ({ page }) => {
  const dialog = await openSignIn(page);
  await expect(dialog).toHaveAttribute('data-closing', 'false');
  const sawClosing = await watchDialogClosing(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await sawClosing()).toBe(true);
  // Reopened, the form starts empty.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome Back' }).getByLabel('Email')).toHaveValue(
    '',
  );
});

test('the reset-password dialog asks for an e-mail and confirms the request', async ({ page }) => {
  let answer: (route: Route) => Promise<void> = (route) => route.abort('connectionrefused');
  await page.route('**/api/auth/request-password-reset', (route) => answer(route));
  const signIn = await openSignIn(page);
  await signIn.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter your email address');

  await dialog.getByLabel('Email').fill('ada@example.com');
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Failed to send reset email. Please try again.',
  );

  answer = (route) => route.fulfill({ status: 500, body: '' });
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Something went wrong');

  answer = failure(429, 'RATE_LIMITED', 'Too many requests. Try again in a minute.');
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Too many requests. Try again in a minute.');

  answer = (route) =>
    answerAs(route, 'POST /auth/request-password-reset', {
      success: true,
      message: 'If an account exists, we sent a link.',
    });
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByRole('status')).toHaveText('If an account exists, we sent a link.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test.describe('reset-password page', () => {
  test('without a token, or with a refused or unchecked one, shows the invalid-link screen', async ({
    page,
  }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { name: 'Invalid reset link' })).toBeVisible();

    await page.route(
      '**/api/auth/validate-reset-token/**',
      failure(400, 'RESET_TOKEN_INVALID', 'Invalid or expired reset link'),
    );
    await page.goto('/reset-password?token=spent');
    await expect(
      page.getByRole('heading', { name: 'Invalid or expired reset link' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Request a new link' }).click();
    await expect(page.getByRole('dialog', { name: 'Reset Password' })).toBeVisible();

    await page.unrouteAll();
    await page.route('**/api/auth/validate-reset-token/**', (route) =>
      route.abort('connectionrefused'),
    );
    await page.goto('/reset-password?token=whatever');
    await expect(
      page.getByRole('heading', { name: 'Failed to validate reset link' }),
    ).toBeVisible();
  });

  test('checks the new password, resets it, signs in and goes home after 2 s', async ({ page }) => {
    const checked: string[] = [];
    await page.route('**/api/auth/validate-reset-token/**', (route) => {
      checked.push(new URL(route.request().url()).pathname);
      return answerAs(route, 'GET /auth/validate-reset-token/:token', {
        success: true,
        email: USER.email,
        firstName: '<img src=x onerror=alert(1)>',
      });
    });
    let answer: (route: Route) => Promise<void> = (route) => route.abort('connectionrefused');
    await page.route('**/api/auth/reset-password', (route) => answer(route));
    const sent = recordPosts(page, '/auth/reset-password');

    await page.goto('/reset-password?token=d8R00qV7PO4-tTQ7_lraGg');
    await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
    // Names are text, never markup.
    await expect(page.getByText('Hi <img src=x onerror=alert(1)>, choose')).toBeVisible();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(checked).toEqual(['/api/auth/validate-reset-token/d8R00qV7PO4-tTQ7_lraGg']);

    const password = page.getByLabel('New password', { exact: true });
    const confirmation = page.getByLabel('Confirm new password');
    await expect(password).toHaveAttribute('minlength', '8');
    const submit = page.getByRole('button', { name: 'Reset Password' });
    await password.fill('short');
    await confirmation.fill('shorter');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
    await confirmation.fill('short');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters long');

    await password.fill('a new long password');
    await confirmation.fill('a new long password');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Failed to reset password. Please try again.');

    answer = (route) => route.fulfill({ status: 400, json: { success: false } });
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Failed to reset password');

    answer = (route) =>
      answerAs(route, 'POST /auth/reset-password', {
        success: true,
        token: 'tok-3',
        user: { ...USER, token: 'tok-3' },
      });
    await submit.click();
    await expect(page.getByRole('status')).toHaveText('Password reset successful! Redirecting...');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('tok-3');
    expect(sent.at(-1)).toEqual({
      token: 'd8R00qV7PO4-tTQ7_lraGg',
      password: 'a new long password',
    });
    await expect(page).toHaveURL(/\/$/, { timeout: 4_000 });
    expect(checked).toHaveLength(1);
  });
});

test.describe('Google sign-in', () => {
  test('is absent, and Google never contacted, without a client id', async ({ page }) => {
    const google: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('google.com')) google.push(r.url());
    });
    await page.route('**/api/auth/config', (route) =>
      answerAs(route, 'GET /auth/config', { googleClientId: null }),
    );
    const dialog = await openSignIn(page);
    await expect(dialog.getByLabel('Email')).toBeVisible();
    await expect(dialog.getByTestId('google-sign-in')).toHaveCount(0);
    await expect(dialog.getByText('or', { exact: true })).toHaveCount(0);
    expect(google).toEqual([]);
  });

  test("with a client id shows Google's button and signs in with its credential", async ({
    page,
  }) => {
    await page.route('**/api/auth/config', (route) =>
      answerAs(route, 'GET /auth/config', {
        googleClientId: 'client-1.apps.googleusercontent.com',
      }),
    );
    // A stand-in for Google Identity Services, served in place of Google's script.
    await page.route('https://accounts.google.com/gsi/client', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.google = { accounts: { id: {
          initialize(config) { window.__gis = config; },
          renderButton(parent) {
            const b = document.createElement('button');
            b.type = 'button';
            b.textContent = 'Continue with Google (' + window.__gis.client_id + ')';
            b.onclick = () => window.__gis.callback({ credential: 'google-id-token', select_by: 'btn' });
            parent.appendChild(b);
          },
        } } };`,
      }),
    );
    const posted = recordPosts(page, '/auth/google');
    let answer: (route: Route) => Promise<void> = failure(
      401,
      'GOOGLE_TOKEN_INVALID',
      'Google sign-in could not be verified',
    );
    await page.route('**/api/auth/google', (route) => answer(route));

    const dialog = await openSignIn(page);
    const button = dialog.getByRole('button', {
      name: 'Continue with Google (client-1.apps.googleusercontent.com)',
    });
    await button.click();
    await expect(dialog.getByRole('alert')).toHaveText('Google sign-in could not be verified');
    answer = (route) => route.fulfill({ status: 500, body: '' });
    await button.click();
    await expect(dialog.getByRole('alert')).toHaveText('Google authentication failed');

    answer = (route) =>
      answerAs(route, 'POST /auth/google', { success: true, token: 'tok-g', ...USER, user: USER });
    await button.click();
    await expect(dialog.getByRole('status')).toHaveText('Login successful!');
    expect(posted.at(-1)).toEqual({ credential: 'google-id-token' });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('tok-g');
  });
});

test('signing out ends the session on the server', async ({ page }) => {
  await page.route('**/api/auth/me', (route) =>
    answerAs(route, 'GET /auth/me', { success: true, user: { ...USER, firstName: '<b>Ada</b>' } }),
  );
  const logouts: (string | null)[] = [];
  await page.route('**/api/auth/logout', (route) => {
    logouts.push(route.request().headers().authorization ?? null);
    return answerAs(route, 'POST /auth/logout', { success: true });
  });
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', 'tok-4');
      localStorage.setItem(
        'anonymousSession',
        JSON.stringify({ sessionId: 'old', createdAt: 'x', lastAccess: 'x' }),
      );
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto('/library');
  await page.getByRole('button', { name: '<b>Ada</b>' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/create-flashcards$/);
  await expect.poll(() => logouts).toEqual(['Bearer tok-4']);
  const anonymous = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('anonymousSession') ?? 'null'),
  );
  expect(anonymous?.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('an opened dialog puts the cursor in its first field', async ({ page }) => {
  const dialog = await openSignIn(page);
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await dialog.getByRole('button', { name: 'Create an account' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
