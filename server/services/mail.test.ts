// Mail and stored files over the real HTTP stack and a real SMTP server: account mail per recipient is
// capped, and no live link stays in the outbox (nor in the log once SMTP has it).
import { afterEach, describe, expect, it } from 'vitest';
import * as scrubOutbox from '../../db/migrations/0003_mail_outbox_scrub';
import { linkIn, STUDENT, startTestServer, type TestServer, verifyWithLink } from '../test/harness';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const outbox = (server: TestServer) =>
  server.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();

describe('account mail per recipient', () => {
  it('sends at most 3 mails an hour to one address, however often it is registered', async () => {
    t = await startTestServer();
    const server = t;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        server.api('POST', '/api/auth/registration/', {
          body: { ...STUDENT, full_name: `Registrant ${i}` },
        }),
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ detail: 'Verification e-mail sent.' });
    }
    // Reset and resend requests for the same address are counted in the same hour.
    await t.api('POST', '/api/auth/password/reset/', { body: { email: STUDENT.email } });
    await t.api('POST', '/api/auth/registration/resend-email/', { body: { email: STUDENT.email } });
    await t.settle();
    expect(t.mails.filter((m) => m.to === STUDENT.email)).toHaveLength(3);
    expect(await outbox(t)).toHaveLength(3);

    // Another address is not affected, and an hour later the owner can get a link again.
    await t.api('POST', '/api/auth/registration/', { body: { ...STUDENT, email: 'kwame@example.com' } });
    await t.waitForMail('kwame@example.com', /Confirm/);
    await t.db
      .updateTable('mail_outbox')
      .set({ created_at: new Date(Date.now() - 61 * 60 * 1000).toISOString() })
      .where('to_address', '=', STUDENT.email)
      .execute();
    await t.api('POST', '/api/auth/registration/resend-email/', { body: { email: STUDENT.email } });
    await t.settle();
    const confirms = t.mails.filter((m) => m.to === STUDENT.email && /Confirm/.test(m.subject));
    expect(confirms).toHaveLength(4);
    expect((await verifyWithLink(t, confirms[3].text, STUDENT.password1)).status).toBe(200);
  });
});

describe('secret links at rest', () => {
  it('keeps no token in the outbox or the log once a mail is handed to SMTP', async () => {
    // debug: every request's line too.
    t = await startTestServer({ captureLogs: true, env: { LOG_LEVEL: 'debug' } });
    await t.api('POST', '/api/auth/registration/', { body: STUDENT });
    const confirm = await t.waitForMail(STUDENT.email, /Confirm/);
    await t.api('POST', '/api/auth/password/reset/', { body: { email: STUDENT.email } });
    const reset = await t.waitForMail(STUDENT.email, /Reset/);
    await t.settle();
    const tokens = [confirm, reset].map((m) => linkIn(m.text).replace(/\/$/, '').split('/').pop()!);
    expect(tokens.every((tok) => tok.length >= 32)).toBe(true);

    const rows = await outbox(t);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.sent_at).not.toBeNull();
      for (const tok of tokens) expect(row.text_body).not.toContain(tok);
    }
    expect(rows[0].text_body).toContain('[link not stored]');
    expect(t.logs.length).toBeGreaterThan(0);
    for (const tok of tokens) expect(JSON.stringify(t.logs)).not.toContain(tok);
    // The links still work: only the stored copy was stripped.
    expect((await verifyWithLink(t, confirm.text, STUDENT.password1)).status).toBe(200);
  });

  it('prints the link in the log when there is no SMTP server, and still not in the outbox', async () => {
    t = await startTestServer({ smtp: false, captureLogs: true });
    await t.api('POST', '/api/auth/registration/', { body: STUDENT });
    await t.settle();
    const line = t.logs.find((l) => l.topic === 'mail' && l.to === STUDENT.email);
    expect(line?.text).toEqual(expect.any(String));
    const text = String(line!.text);
    const token = linkIn(text).replace(/\/$/, '').split('/').pop()!;
    const [row] = await outbox(t);
    expect(row.text_body).not.toContain(token);
    expect((await verifyWithLink(t, text, STUDENT.password1)).status).toBe(200);
  });
});

describe('migration 0003', () => {
  it('removes the bodies of outbox rows written before, which held live links', async () => {
    t = await startTestServer();
    await t.api('POST', '/api/auth/registration/', { body: STUDENT });
    const link = linkIn((await t.waitForMail(STUDENT.email, /Confirm/)).text);
    await scrubOutbox.down(t.db);
    // A row as the old code wrote it: the live link in the body.
    await t.db
      .updateTable('mail_outbox')
      .set({ text_body: `Confirm: ${link}` })
      .execute();
    await scrubOutbox.up(t.db);
    const [row] = await outbox(t);
    expect(row.text_body).toBe('[not stored]');
    expect(row.to_address).toBe(STUDENT.email);
  });
});
