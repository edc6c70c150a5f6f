import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { expectAccessible, launchBrowser, mailLinkFor, newPage, verificationLinkFor } from './support/browser.js';
import { submitLogin } from './support/accounts.js';
import { logIn, newAccount, register, registerVerified } from './support/members.js';

/** Account recovery (docs/product.md §Account recovery): a forgotten password, and a lost verification mail. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('account recovery', () => {
  it('forgot password: the emailed link sets a new password, every session ends, the link works once', async () => {
    const account = newAccount('forgetful');
    const newPassword = 'Copper-Heron-Lantern-58';
    await registerVerified(account);

    // Logged in on a laptop...
    const { context: laptop, page: onLaptop } = await newPage(browser);
    await logIn(onLaptop, account);

    // ...the password forgotten on a phone.
    const { context: phone, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    await expectAccessible(page, '/forgot-password at 390 px');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').getByText(serverMessages.recoveryMailSent).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

    // The emailed link, with a mismatched confirmation first.
    const link = await mailLinkFor(account.email, 'reset-password');
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Reset Password' }).waitFor();
    await expectAccessible(page, '/reset-password/{token} at 390 px');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText(messages.passwordsDoNotMatch).waitFor();
    await expectAccessible(page, '/reset-password/{token} with an error');
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText(serverMessages.passwordResetDone).waitFor();
    await expectAccessible(page, '/reset-password/{token} once reset');

    // Asked to log in: the old password no longer works, the new one does.
    await page.getByRole('link', { name: 'Log in to The Film List' }).click();
    await page.waitForURL('**/login');
    await submitLogin(page, account.username, account.password);
    await page.getByRole('alert').getByText(messages.loginFailed).waitFor();
    await logIn(page, { username: account.username, password: newPassword });

    // The laptop's session ended with the reset: its next refresh fails, and it is logged out.
    await onLaptop.reload();
    await onLaptop.waitForURL((url) => url.pathname === '/login');
    const laptopNav = onLaptop.getByRole('navigation', { name: 'Main' });
    await laptopNav.getByRole('link', { name: 'Login' }).waitFor();
    expect(await laptopNav.getByRole('link', { name: 'Logout' }).count()).toBe(0);
    await laptop.close();

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Another-Phrase-For-It-91');
    await page.getByLabel('Confirm new password').fill('Another-Phrase-For-It-91');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText(messages.resetLinkInvalid).waitFor();
    await page.getByRole('link', { name: 'Ask for a new reset link' }).click();
    await page.waitForURL('**/forgot-password');

    // A reset opened in a browser that is logged in ends that session at once.
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(serverMessages.recoveryMailSent).waitFor();
    await page.goto(await mailLinkFor(account.email, 'reset-password', { after: link }));
    await page.getByLabel('New password', { exact: true }).fill('Third-Phrase-Of-The-Day-27');
    await page.getByLabel('Confirm new password').fill('Third-Phrase-Of-The-Day-27');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText(serverMessages.passwordResetDone).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    // On a phone the navigation folds behind Menu (docs/product.md §Navigation and shell).
    await page.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate('localStorage.getItem("accessToken")')).toBeNull();
    await phone.close();
  });

  it('resend verification: offered with the unverified-login message; the new link works and the old one stops', async () => {
    const account = newAccount('unverified');
    await register(account);
    const firstLink = await verificationLinkFor(account.email);

    const { context, page } = await newPage(browser);
    await submitLogin(page, account.username, account.password);
    const alert = page.getByRole('alert');
    await alert.getByText(messages.loginUnverified).waitFor();
    await expectAccessible(page, '/login with the unverified message');
    await alert.getByRole('link', { name: 'Resend verification email' }).click();
    await page.waitForURL('**/resend-verification');
    await page.getByRole('heading', { level: 1, name: 'Resend Verification Email' }).waitFor();
    await expectAccessible(page, '/resend-verification');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await page.getByRole('status').getByText(serverMessages.verificationResent).waitFor();

    const newLink = await mailLinkFor(account.email, 'verification', { after: firstLink });
    await page.goto(firstLink);
    await page.getByText(messages.verificationFailed).waitFor();
    await page.goto(newLink);
    await page.getByText(messages.verificationSucceeded).waitFor();
    await page.getByRole('link', { name: 'Log in to The Film List' }).click();
    await logIn(page, account);
    await context.close();
  });

  it('the recovery pages fit a 390 px phone and pass axe there, in dark mode too', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const path of ['/forgot-password', '/resend-verification', `/reset-password/${'x'.repeat(43)}`]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth'), path).toBeLessThanOrEqual(390);
      await expectAccessible(page, `${path} at 390 px, dark`);
    }
    // A malformed address is said beside the field.
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill('not an address');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(messages.emailHasSpaces).waitFor();
    await expectAccessible(page, '/forgot-password with an error, dark');
    await context.close();
  });
});
