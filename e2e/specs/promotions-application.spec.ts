import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  admin,
  BENGALI,
  expect,
  operatorToken,
  registerViaApi,
  shot,
  skipPopups,
  test,
  uniqueName,
  useLanguage,
} from '../support.js';
import { loginMember } from '../wallet-support.js';

/**
 * A promotion applied for by hand (trigger APPLICATION; the demo's "Share your big win", ৳100 cash):
 * the member applies with a remark and a screenshot, an operator reviews it (the review queue's API:
 * there is no operator console UI yet) and approves or rejects; the member sees the status, the
 * reason, and the reward.
 */
const SHARE = /Share your big win|বড় জয় শেয়ার করুন/;
const card = (page: Page) => page.getByTestId('promotion-card').filter({ hasText: SHARE });

/** A real 32x32 RGB PNG (the browser previews it; the server sniffs its signature). */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const size = 32;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push((x * 8) % 256, 160, (y * 8) % 256);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface QueueRow {
  id: string;
  username: string;
  state: string;
  imageCount: number;
}

/** The operator's review queue: the member's waiting application, with its image. */
async function waitingOf(request: APIRequestContext, token: string, username: string) {
  const page = await admin<{ list: QueueRow[] }>(
    request,
    token,
    'GET',
    '/admin/api/promotion-applications?state=APPLYING&pageSize=100',
  );
  const row = page.list.find((r) => r.username === username);
  expect(row, 'the application is in the queue').toBeTruthy();
  return row!;
}

async function openApplyForm(page: Page) {
  await expect(card(page)).toHaveAttribute('data-status', 'Join');
  await card(page).getByTestId('promotion-action').click();
  await expect(card(page).getByTestId('apply-form')).toBeVisible();
}

test('a member applies with a screenshot; an operator approves; the reward is paid (bn, phone)', async ({
  page,
  request,
}) => {
  const username = uniqueName('app');
  await registerViaApi(request, { username, password: 'Apply@123' });
  await useLanguage(page, 'bn');
  await skipPopups(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await loginMember(page, username, 'Apply@123');
  await page.goto('/promotions');
  await openApplyForm(page);
  const form = card(page).getByTestId('apply-form');

  // a text file named .png is refused by its bytes, in Bengali
  await form.getByTestId('apply-file').setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is not a picture at all'),
  });
  await expect(form.getByTestId('apply-image-error')).toHaveText('শুধু PNG বা JPG ছবি');
  // an empty remark is refused before anything is sent
  await form.getByTestId('apply-submit').click();
  await expect(form.getByTestId('apply-remark-error')).toHaveText('একটি মন্তব্য লিখুন');

  const remark = 'আজ স্লটে বড় জয়!';
  await form.getByTestId('apply-remark').fill(remark);
  // characters as code points (the server's count too)
  await expect(form.getByTestId('apply-counter')).toHaveText(`${Array.from(remark).length}/140`);
  await form
    .getByTestId('apply-file')
    .setInputFiles({ name: 'win.png', mimeType: 'image/png', buffer: png() });
  await expect(form.getByTestId('apply-image')).toHaveCount(1);
  await expect(form.getByTestId('apply-image-error')).toHaveCount(0);
  await expect(form.getByTestId('apply-image').locator('img')).toHaveJSProperty('naturalWidth', 32);
  await form.scrollIntoViewIfNeeded();
  await shot(page, 'promotion-apply-form-phone-bn');
  await form.getByTestId('apply-submit').click();

  await expect(card(page)).toHaveAttribute('data-status', 'Applying');
  await expect(card(page).getByTestId('promotion-status')).toHaveText('আবেদন চলছে');
  await expect(card(page).getByTestId('apply-waiting')).toHaveText(BENGALI);
  await shot(page, 'promotion-applying-phone-bn');

  // the operator reviews it: the remark and the image as sent, then approves
  const op = await operatorToken(request);
  const row = await waitingOf(request, op, username);
  expect(row.imageCount).toBe(1);
  const detail = await admin<{ remark: string; images: { contentType: string; data: string }[] }>(
    request,
    op,
    'GET',
    `/admin/api/promotion-applications/${row.id}`,
  );
  expect(detail.remark).toBe(remark);
  expect(detail.images.map((i) => i.contentType)).toEqual(['image/png']);
  expect(Buffer.from(detail.images[0]!.data, 'base64').equals(png())).toBe(true);
  await admin(request, op, 'POST', `/admin/api/promotion-applications/${row.id}/approve`, {});

  await page.reload();
  await expect(card(page)).toHaveAttribute('data-status', 'Claimed');
  await expect(card(page).getByTestId('promotion-action')).toHaveCount(0);
  // ৳100 cash in the main wallet
  await expect(page.getByTestId('header-balance').first()).toHaveAttribute('data-value', /^100(\.00)?$/);
  await card(page).scrollIntoViewIfNeeded();
  await shot(page, 'promotion-approved-phone-bn');
});

test('a rejected application shows the reason and may be sent again (en, desktop)', async ({
  page,
  request,
}) => {
  const username = uniqueName('apr');
  await registerViaApi(request, { username, password: 'Apply@123' });
  await useLanguage(page, 'en');
  await skipPopups(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  await loginMember(page, username, 'Apply@123');
  await page.goto('/promotions');
  await openApplyForm(page);
  const form = card(page).getByTestId('apply-form');
  await form.getByTestId('apply-remark').fill('x'.repeat(141));
  await expect(form.getByTestId('apply-counter')).toHaveText('141/140');
  await form.getByTestId('apply-submit').click();
  await expect(form.getByTestId('apply-remark-error')).toHaveText('At most 140 characters');
  await form.getByTestId('apply-remark').fill('My big win on the dragon tiger table');
  await form
    .getByTestId('apply-file')
    .setInputFiles({ name: 'win.png', mimeType: 'image/png', buffer: png() });
  await form.getByTestId('apply-submit').click();
  await expect(card(page)).toHaveAttribute('data-status', 'Applying');

  const op = await operatorToken(request);
  const row = await waitingOf(request, op, username);
  await admin(request, op, 'POST', `/admin/api/promotion-applications/${row.id}/reject`, {
    reason: 'The screenshot does not show the win amount',
  });

  await page.reload();
  await expect(card(page)).toHaveAttribute('data-status', 'Rejected');
  await expect(card(page).getByTestId('promotion-status')).toHaveText('Rejected');
  await expect(card(page).getByTestId('apply-reason')).toHaveText(
    'Rejected: The screenshot does not show the win amount',
  );
  // the demo promotion allows another try
  await expect(card(page).getByTestId('promotion-action')).toHaveText('Apply again');
  await card(page).scrollIntoViewIfNeeded();
  await shot(page, 'promotion-rejected-desktop-en');
});
