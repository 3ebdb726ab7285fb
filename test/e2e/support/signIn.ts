import type { Page } from 'playwright-core';
import { baseUrl } from './server';

/** A seeded demo account. */
export interface Account {
  email: string;
  password: string;
}

/** The seeded account of a role: `{role}@demo.local` / `demo-{role}-pass`. */
export function demoAccount(role: string): Account {
  return { email: `${role}@demo.local`, password: `demo-${role}-pass` };
}

export const ADMIN = demoAccount('admin');
export const VIEWER = demoAccount('viewer');

/** The sign-in form's identifier field, labelled from the identity schema ("E-Mail"). */
export const identifierField = (page: Page) => page.getByLabel('E-Mail');

/**
 * Waits until the page is the sign-in page coming back somewhere (`return_to` set). The page
 * soon adds its flow (`/login?flow=…&return_to=…`), so the address is matched by its parts,
 * not by the order of its query.
 */
export async function waitForSignInPage(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('return_to'));
}

/** Fills the sign-in form the page shows and submits it; does not wait for the outcome. */
export async function submitSignIn(page: Page, account: Account): Promise<void> {
  await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor();
  await identifierField(page).fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export interface SignInOptions {
  /** Where to start: a signed-out visit there leads to sign-in and back. Default `/login`. */
  path?: string;
  /** How long to wait to be signed in. Default Playwright's default. */
  timeout?: number;
}

/**
 * Signs in with an account (or a role's demo account) and waits until the console has left the
 * sign-in page: back on `path` when one is given.
 */
export async function signIn(
  page: Page,
  account: Account | string,
  options: SignInOptions = {},
): Promise<void> {
  const origin = baseUrl();
  const path = options.path ?? '/login';
  await page.goto(`${origin}${path}`);
  await submitSignIn(page, typeof account === 'string' ? demoAccount(account) : account);
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: options.timeout });
}
