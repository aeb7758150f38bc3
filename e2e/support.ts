import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO = { merchant: 'demobdt', operator: 'admin', password: 'Admin@12345' } as const;
export const SCREENSHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** Operator token through the real operator API. */
export async function operatorToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/admin/api/session/login', {
    data: { merchantCode: DEMO.merchant, username: DEMO.operator, password: DEMO.password },
  });
  const body = await res.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value.token as string;
}

export async function admin<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(url, { method, headers: { authorization: token }, data });
  const body = await res.json();
  expect(body.success, `${method} ${url}: ${JSON.stringify(body)}`).toBe(true);
  return body.value as T;
}

export async function shot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** Bengali script block: proves Bengali text (not transliteration) is on screen. */
export const BENGALI = /[\u0980-\u09FF]/;
