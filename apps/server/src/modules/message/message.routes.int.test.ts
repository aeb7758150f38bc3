import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { createEventBus } from '../../platform/events.js';
import { createMessageService } from './message.service.js';
import { merchantIdOf, newMember, TEST_PASSWORD, loginToken } from '../../test/factories.js';

let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await createTestApp();
  merchantId = await merchantIdOf(t.database.db);
});
afterAll(() => t.close());

async function member(messages: number) {
  const m = await newMember(t.database.db, merchantId);
  const store = createMessageService({ db: t.database.db, events: createEventBus() });
  for (let i = 0; i < messages; i++) {
    await store.notify(t.database.db, {
      merchantId,
      memberId: m.id,
      kind: 'transfer_received',
      data: { amount: `${i + 1}.00` },
    });
  }
  const token = await loginToken(t.app, t.database.db, m.username, TEST_PASSWORD);
  return { merchant: DEMO.merchant, authorization: token };
}

describe('GET /wps/relay/EMFE_getInboxUnreadCount (the original clients’ unread count)', () => {
  const unread = (headers: Record<string, string>) =>
    t.app.inject({ url: '/wps/relay/EMFE_getInboxUnreadCount', headers });

  it("answers the member's unread messages as a bare number, like CSP_unreadCount", async () => {
    const headers = await member(3);
    await member(2); // someone else's messages do not count
    const res = await unread(headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('{"success":true,"value":3}');
    const csp = await t.app.inject({ url: '/wps/relay/CSP_unreadCount', headers });
    expect(csp.json().value).toBe(3);

    const inbox = await t.app.inject({ url: '/wps/relay/CSP_getInbox', headers });
    const first = inbox.json().value.list[0].id as string;
    const read = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/CSP_readMessage',
      headers,
      payload: { ids: [first] },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect((await unread(headers)).json().value).toBe(2);
    await t.app.inject({
      method: 'POST',
      url: '/wps/relay/CSP_readMessage',
      headers,
      payload: { all: true },
    });
    expect((await unread(headers)).json()).toEqual({ success: true, value: 0 });
  });

  it('needs a member session', async () => {
    const res = await unread({ merchant: DEMO.merchant });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('login.not.session');
  });
});
