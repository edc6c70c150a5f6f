import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { expectAccessible, launchBrowser, newPage, verificationLinkFor } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe('a member account, from sign-up to deletion', () => {
  it('signs up, verifies, logs in, edits the profile, logs out and back in, and deletes the account', async () => {
    const { context, page } = await newPage(browser);
    const username = `acc${Date.now()}`;
    const email = `${username}@example.com`;
    const password = 'a very private phrase';
    const newUsername = `${username}x`;
    const newPassword = 'another private phrase';

    // Sign up, after a look at the Terms.
    await page.goto('/signup');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Read the Terms and Conditions' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await terms.getByText('governed by the laws of Australia', { exact: false }).waitFor();
    await terms.getByRole('button', { name: 'Close' }).click();
    await terms.waitFor({ state: 'detached' });
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText(messages.registrationSuccessful).waitFor();

    // Follow the emailed link.
    await page.goto(await verificationLinkFor(email));
    await page.getByText(messages.verificationSucceeded).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Email Verification Status');
    await expectAccessible(page, '/verification/{token}, verified');
    await page.getByRole('link', { name: 'Log in to The Film List' }).click();
    await page.waitForURL('**/login');

    // Log in.
    await logIn(page, username, password);
    await page.waitForURL('**/dashboard');

    // Profile: the current details, a new username, a new password.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'My Profile' }).click();
    await page.waitForURL('**/myprofile');
    const summary = page.locator('.profile-summary');
    await summary.getByText(email).waitFor();
    const usernameForm = page.getByRole('form', { name: 'Update Username' });
    await usernameForm.getByLabel('New username').fill(newUsername);
    await usernameForm.getByRole('button', { name: 'Update Username' }).click();
    await usernameForm.getByText(serverMessages.usernameUpdated).waitFor();
    await summary.getByText(newUsername, { exact: true }).waitFor();
    await expectAccessible(page, '/myprofile after an update');

    const passwordForm = page.getByRole('form', { name: 'Update Password' });
    await passwordForm.getByLabel('New password', { exact: true }).fill(newPassword);
    await passwordForm.getByLabel('Confirm new password').fill(newPassword);
    await passwordForm.getByLabel('Current password').fill(password);
    await passwordForm.getByRole('button', { name: 'Update Password' }).click();
    await passwordForm.getByText(serverMessages.passwordUpdated).waitFor();

    // Log out, and back in with the new name and password.
    await nav.getByRole('link', { name: 'Logout' }).click();
    await page.getByText('Logging out...').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await nav.getByRole('link', { name: 'Login' }).click();
    await logIn(page, newUsername, newPassword);
    await page.waitForURL('**/dashboard');

    // Delete the account, after the confirmation and the current password.
    await nav.getByRole('link', { name: 'My Profile' }).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete your account?' });
    await expectAccessible(page, 'the delete-account confirmation');
    await confirm.getByLabel('Current password').fill('not the password');
    await confirm.getByRole('button', { name: 'Yes, delete my account' }).click();
    await confirm.getByText(serverMessages.currentPasswordWrong).waitFor();
    await confirm.getByLabel('Current password').fill(newPassword);
    await confirm.getByRole('button', { name: 'Yes, delete my account' }).click();
    await page.waitForURL('**/account-deleted');
    await page.getByRole('heading', { name: "We're sorry to see you go!" }).waitFor();
    expect(await nav.getByRole('link', { name: 'Logout' }).count()).toBe(0);

    // The account is gone.
    await nav.getByRole('link', { name: 'Login' }).click();
    await logIn(page, newUsername, newPassword);
    await page.getByRole('alert').getByText(messages.loginFailed).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});
