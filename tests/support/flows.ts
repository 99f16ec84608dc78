/** What a member does with the auth pages, in the words the pages show (their accessible names). */
import type { Page } from 'playwright-core';
import { type Browser, type BrowserOptions, openBrowser } from './browser.ts';

export async function signInThroughUi(page: Page, keyword: string, password: string): Promise<void> {
  await page.getByLabel('Username or e-mail').fill(keyword);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function registerThroughUi(
  page: Page,
  user: { username: string; email: string; password: string; birthday?: string },
): Promise<void> {
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByRole('heading', { name: 'Create an account' }).waitFor();
  await page.getByLabel('Username', { exact: true }).fill(user.username);
  await page.getByLabel('E-mail', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByLabel('Date of birth').fill(user.birthday ?? '1994-03-12');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByLabel('Country').selectOption({ label: 'Spain' });
  await page.getByRole('checkbox', { name: 'I agree to the user agreement' }).check();
  await page.getByRole('button', { name: 'Register' }).click();
}

/** A fresh browser (close it when done) signed in as `member` through the sign-in page, left on /chat. */
export async function signedInBrowser(
  baseUrl: string,
  member: { username: string; password: string },
  options: BrowserOptions = {},
): Promise<{ browser: Browser; page: Page }> {
  const browser = await openBrowser(options);
  const page = await browser.context.newPage();
  await page.goto(`${baseUrl}/login`);
  await signInThroughUi(page, member.username, member.password);
  await page.waitForURL(/\/chat/);
  return { browser, page };
}
