import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCaller } from '@mnemo/service-kit/testing';
import { chatAnonymousUsageSchema, internalAnonymousUsagePath } from '@mnemo/contracts/internal/anonymous-usage';
import { anonCaller, startChatApp, type ChatTestApp } from '../chats/chats.test-support';
import { createMessageQuota } from '../access/message-quota';

let t: ChatTestApp;
beforeAll(async () => {
  t = await startChatApp({ env: { ANONYMOUS_MAX_CHAT_MESSAGES_PER_DAY: '4' } });
});
afterAll(async () => {
  await t?.close();
});

describe('a guest’s chat usage, for the auth service', () => {
  it('answers the messages counted today by the daily quota, never more than the limit', async () => {
    const guest = anonCaller();
    // The same counter the tutor calls consume (message-quota.ts), under the app's prefix.
    const quota = createMessageQuota({ redis: t.redis, prefix: t.prefix, anonymousPerDay: 4 });
    const used = async () => {
      const res = await t.app.inject({ url: internalAnonymousUsagePath(guest.anonId), headers: asCaller({ kind: 'service', service: 'auth' }) });
      expect(res.statusCode, res.body).toBe(200);
      return chatAnonymousUsageSchema.parse(res.json()).chatMessages;
    };
    expect(await used()).toBe(0);
    for (let i = 0; i < 3; i++) await quota.consume(guest);
    expect(await used()).toBe(3);
    await quota.consume(guest);
    await expect(quota.consume(guest)).rejects.toMatchObject({ code: 'LIMIT_REACHED' });
    expect(await used()).toBe(4);
  });

  it('answers services only', async () => {
    const guest = anonCaller();
    const res = await t.app.inject({ url: internalAnonymousUsagePath(guest.anonId), headers: asCaller(guest) });
    expect(res.statusCode).toBe(404);
  });
});
