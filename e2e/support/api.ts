import type { Page } from 'playwright-core';
import {
  customerTable,
  realisticCustomers,
  toCsvBuffer,
} from '../../apps/server/test/fixtures/customer-files.js';
import type { RunningServer } from './server.js';

/** Calls the running server's API as a client would. */
export async function api<T>(
  server: RunningServer,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * A firm's book as a CSV, customers drawn like a real book and numbered C-100001 on, so the
 * screens the journeys photograph look as a firm's would rather than like uniform random rows.
 */
function bookCsv(rows: number): Buffer {
  // Seed 48: the first 12 (the RM journey's book) hold 2 high-risk and 3 medium-risk
  // customers and every segment, about the shares of a real book.
  return toCsvBuffer(customerTable(realisticCustomers(rows, { seed: 48 })));
}

/**
 * Uploads a generated customers file of `rows` rows as the admin and reads the answer: a
 * response left unread keeps its connection busy, and the server's graceful stop then waits
 * for it until its deadline.
 */
export async function uploadThroughApi(server: RunningServer, token: string, rows: number) {
  await uploadCsvThroughApi(server, token, bookCsv(rows), 'customers.csv');
}

/** Uploads `csv` as the file `filename` and answers the stored file's id. */
export async function uploadCsvThroughApi(
  server: RunningServer,
  token: string,
  csv: Buffer,
  filename: string,
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(csv)]), filename);
  const res = await fetch(`${server.url}/api/content/upload-file`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { file_id?: string };
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
  return body.file_id ?? '';
}

/** A verified admin, signed up through the API (the browser journeys sign up through the UI). */
export async function adminThroughApi(server: RunningServer, label: string) {
  const email = `${label}.${Date.now()}@example.com`;
  const password = 'journey-pass-1';
  await api(server, 'POST', '/api/auth/register', {
    body: { name: `${label} admin`, email, password, businessName: `${label} Wealth` },
  });
  await api(server, 'POST', '/api/auth/verify', { body: { email, otp: server.otpFor(email) } });
  const { token } = await api<{ token: string }>(server, 'POST', '/api/auth/login', {
    body: { email, password },
  });
  return { email, password, token };
}

/** Buys a plan through the offline checkout, exactly as the checkout page does. */
export async function buyPlan(
  server: RunningServer,
  token: string,
  plan: 'pro' | 'business',
  billingCycle: 'monthly' | 'yearly',
) {
  const { url } = await api<{ url: string }>(server, 'POST', '/api/subscription/create', {
    token,
    body: { plan, billingCycle },
  });
  const sessionId = url.split('/').pop()!;
  await api(server, 'POST', `/api/subscription/local-checkout/${sessionId}`, {
    token,
    body: { outcome: 'paid' },
  });
}

/** Signs an RM in on the login screen, as they would (login-others with their admin's email). */
export async function signInRmThroughLogin(
  page: Page,
  server: RunningServer,
  rm: { email: string; password: string; adminEmail: string },
) {
  await page.goto(`${server.url}/login`);
  await page.getByRole('textbox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'RM (Relationship Manager)' }).click();
  await page.getByLabel(/^Email/).fill(rm.email);
  await page.getByLabel('Password').fill(rm.password);
  await page.getByLabel('Admin Email').fill(rm.adminEmail);
  await page
    .getByRole('button', { name: /log ?in/i })
    .last()
    .click();
  await page.waitForURL('**/dashboard**');
}

/** Puts the session of `token` into the page's storage, as a login would. */
export async function signInPage(page: Page, server: RunningServer, token: string) {
  await page.goto(server.url);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
}

/**
 * Adds an RM through the admin's API and puts the first `count` customers of the firm's first
 * page in their book; answers the ids assigned.
 */
export async function rmWithBook(
  server: RunningServer,
  adminToken: string,
  rm: { name: string; email: string; password: string },
  count: number,
): Promise<string[]> {
  const { employee } = await api<{ employee: { id: string } }>(
    server,
    'POST',
    '/api/roles/create-new-employee',
    { token: adminToken, body: { ...rm, role: 'rm' } },
  );
  const customers = await api<{ customers: { customer_id: string }[] }>(
    server,
    'GET',
    '/api/content/list-customers?page=1&page_size=25',
    { token: adminToken },
  );
  const ids = customers.customers.slice(0, count).map((c) => c.customer_id);
  await api(server, 'POST', '/api/content/assign-rm-bulk', {
    token: adminToken,
    body: { customer_ids: ids, rm_id: employee.id },
  });
  return ids;
}

/**
 * The start of an RM's journeys: a firm on Pro with 40 customers and an RM with the first
 * `book` of them, signed in through login-others. Answers the admin, the RM's token and the
 * ids in the RM's book.
 */
export async function proFirmWithRm(
  server: RunningServer,
  label: string,
  rm: { name: string; email: string; password: string },
  book: number,
) {
  const admin = await adminThroughApi(server, label);
  await uploadThroughApi(server, admin.token, 40);
  await buyPlan(server, admin.token, 'pro', 'yearly');
  const assigned = await rmWithBook(server, admin.token, rm, book);
  const { token: rmToken } = await api<{ token: string }>(
    server,
    'POST',
    '/api/auth/login-others',
    { body: { role: 'rm', email: rm.email, password: rm.password, adminEmail: admin.email } },
  );
  return { admin, rmToken, assigned };
}
