import { expect, test, type Page } from '@playwright/test';
import { answerAs } from './fake-calls';
import { FakeDeckApi, USER } from './fake-deck-api';

// Issue 18.1: deck routes stay for signed-in users (spec 01 §2.2), but a guest sent back from one
// is told why in the sign-up dialog and, once signed in or signed up, lands on the page they wanted.

const REASON = 'Sign up free to study your deck: it moves to your account';

/** A guest with one deck (the one Create Cards just made), served by a fresh fake. */
async function guestWithDeck(page: Page) {
  const api = new FakeDeckApi({ signedIn: false });
  const deck = api.addDeck('Cell biology');
  await api.install(page);
  return { api, deck };
}

test('a guest opening Flashcards is told why in the sign-up dialog, signs in and lands on Flashcards', async ({
  page,
}) => {
  const { deck } = await guestWithDeck(page);
  await page.route('**/api/auth/login', (route) =>
    answerAs(route, 'POST /auth/login', { success: true, token: 'tok-1', ...USER, user: USER }),
  );

  await page.goto(`/deck/${deck._id}/flashcards?mode=review`);
  await expect(page).toHaveURL(/\/create-flashcards$/);
  const register = page.getByRole('dialog', { name: 'Create an Account' });
  await expect(register).toContainText(REASON);

  // Switching to sign-in keeps the way back to the deck.
  await register.getByRole('button', { name: 'Sign in instead' }).click();
  const signIn = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(signIn).toContainText(REASON);
  await signIn.getByLabel('Email').fill(USER.email);
  await signIn.getByLabel('Password').fill('correct horse battery');
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(signIn.getByRole('status')).toHaveText('Login successful!');
  await expect(page).toHaveURL(new RegExp(`/deck/${deck._id}/flashcards\\?mode=review$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a guest sent back from the library signs up, verifies the code and lands on the library', async ({
  page,
}) => {
  await guestWithDeck(page);
  await page.route('**/api/auth/register', (route) =>
    answerAs(
      route,
      'POST /auth/register',
      { success: true, email: USER.email, userId: USER._id, message: 'We sent a code.' },
      201,
    ),
  );
  await page.route('**/api/auth/verify-email', (route) =>
    answerAs(route, 'POST /auth/verify-email', { success: true, token: 'tok-2', user: USER }),
  );

  await page.goto('/create-flashcards');
  await page.getByRole('link', { name: 'Library' }).click();
  const register = page.getByRole('dialog', { name: 'Create an Account' });
  await expect(register).toContainText(REASON);
  await expect(page).toHaveURL(/\/create-flashcards$/);
  await register.getByLabel('First name').fill('Ada');
  await register.getByLabel('Email').fill(USER.email);
  await register.getByLabel('Password').fill('correct horse battery');
  await register.getByRole('button', { name: 'Create Account' }).click();
  const verify = page.getByRole('dialog', { name: 'Check Your Email' });
  await verify.getByLabel('Verification code').fill('123456');
  await verify.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page).toHaveURL(/\/library$/, { timeout: 5_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a guest who closes the dialog stays on the creation page, and the next sign-in goes nowhere else', async ({
  page,
}) => {
  const { deck } = await guestWithDeck(page);
  await page.route('**/api/auth/login', (route) =>
    answerAs(route, 'POST /auth/login', { success: true, token: 'tok-3', ...USER, user: USER }),
  );
  await page.goto(`/deck/${deck._id}/summary`);
  const register = page.getByRole('dialog', { name: 'Create an Account' });
  await expect(register).toContainText(REASON);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign In' }).click();
  const signIn = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(signIn).not.toContainText(REASON);
  await signIn.getByLabel('Email').fill(USER.email);
  await signIn.getByLabel('Password').fill('correct horse battery');
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 2_000 });
  await expect(page).toHaveURL(/\/create-flashcards$/);
});

test('signing out on a sign-in page goes to the creation page without the sign-up dialog', async ({
  page,
}) => {
  const api = new FakeDeckApi({ signedIn: true });
  await api.install(page);
  await page.route('**/api/auth/logout', (route) =>
    answerAs(route, 'POST /auth/logout', { success: true }),
  );
  await page.goto('/library');
  await page.getByRole('button', { name: USER.firstName }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/create-flashcards$/);
  await expect(page.getByRole('heading', { name: 'Create Flashcards' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
