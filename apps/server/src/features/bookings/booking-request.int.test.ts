import * as api from '@kontor/contract/api/bookings';
import * as recordsApi from '@kontor/contract/api/records';
import { afterAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { userWithEnvironment } from '../../../test/fixtures';
import { randomIp, startTestApp } from '../../../test/harness';

const t = await startTestApp();
afterAll(() => t.close());
const owner = await userWithEnvironment(t, 'Gasthaus Linde', 'gastronomy');
const plain = await userWithEnvironment(t, 'Büro ohne Buchungen', 'none');

const room = await t.call(
  recordsApi.saveRecord,
  { _env: owner.env, type: 'bookingElement', id: 'new', data: { name: 'Gaststube', is_active: true, capacity: 30 } },
  owner.token,
);
const roomId = room.body.data?.key as string;

const form = (fields: Record<string, string>, ip = randomIp()) =>
  t.post(
    `/book/${owner.env}`,
    new URLSearchParams(fields).toString(),
    undefined,
    { 'content-type': 'application/x-www-form-urlencoded' },
    { ip },
  );

const valid = (extra: Record<string, string> = {}) => ({
  name: 'Jana Beispiel',
  email: 'jana@example.org',
  phone: '0151 123',
  room: roomId,
  date: '2027-02-12',
  from: '19:00',
  to: '21:30',
  guests: '4',
  website: '',
  ...extra,
});

const week = async () => {
  const res = await t.call(api.bookingsOverview, { _env: owner.env, from: '2027-02-08', days: 7 }, owner.token);
  expectOk(res);
  return res.body.data?.bookings ?? [];
};

describe('the public booking request page', () => {
  test('shows the form with the active rooms; unknown, switched-off environments are 404', async () => {
    const page = await t.get(`/book/${owner.env}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.body).toContain('Tisch- und Raumanfrage');
    expect(page.body).toContain(`<option value="${roomId}">Gaststube</option>`);
    expect((await t.get(`/book/${plain.env}`)).statusCode).toBe(404);
    expect((await t.get('/book/gibt-es-nicht')).statusCode).toBe(404);
  });

  test('a request arrives as a requested booking; staff confirm it and the guest gets a mail with an .ics', async () => {
    const sent = await form(valid());
    expect(sent.statusCode).toBe(200);
    expect(String(sent.body.message)).toContain('Vielen Dank! Ihre Anfrage ist eingegangen.');
    const [request] = (await week()).filter((b) => b.name === 'Jana Beispiel');
    expect(request).toMatchObject({
      status: 'requested',
      start: '2027-02-12T19:00',
      end: '2027-02-12T21:30',
      guests: 4,
    });

    await t.newMails();
    const confirm = await t.call(
      api.updateBooking,
      { _env: owner.env, id: request?._id as string, version: request?.version as number, status: 'confirmed' },
      owner.token,
    );
    expectOk(confirm);
    const mails = (await t.newMails()).filter((m) => m.to === 'jana@example.org');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('Ihre Buchung bei Gasthaus Linde ist bestätigt');
    expect(mail?.text).toContain('Gaststube, 12.02.2027 19:00 bis 12.02.2027 21:30');
    const ics = Buffer.from(mail?.attachments?.[0]?.contentBase64 ?? '', 'base64').toString('utf8');
    expect(mail?.attachments?.[0]?.filename).toBe('buchung.ics');
    expect(ics).toContain('BEGIN:VCALENDAR\r\n');
    // 19:00 in Berlin in February is 18:00 UTC.
    expect(ics).toContain('DTSTART:20270212T180000Z\r\n');
    expect(ics).toContain('DTEND:20270212T203000Z\r\n');
    expect(ics).toContain(`UID:${request?._id}@kontor`);

    // Moving a confirmed booking mails nothing again.
    const moved = await t.call(
      api.updateBooking,
      {
        _env: owner.env,
        id: request?._id as string,
        version: confirm.body.data?.version as number,
        end: '2027-02-12T22:00',
      },
      owner.token,
    );
    expectOk(moved);
    expect((await t.newMails()).filter((m) => m.to === 'jana@example.org')).toHaveLength(0);
  });

  test('bad input re-shows the form with German messages; what a visitor typed stays text', async () => {
    const before = (await week()).length;
    const bad = await form(valid({ name: '<script>alert(1)</script>', email: 'kaputt', from: '21:00', to: '20:00' }));
    expect(bad.statusCode).toBe(400);
    const page = String(bad.body.message);
    expect(page).toContain('Bitte geben Sie eine gültige E-Mail-Adresse an.');
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const times = await form(valid({ from: '21:00', to: '20:00' }));
    expect(times.statusCode).toBe(400);
    expect(String(times.body.message)).toContain('Das Ende muss nach dem Beginn liegen.');
    const crowd = await form(valid({ guests: '40' }));
    expect(String(crowd.body.message)).toContain('Für 40 Personen reichen die Plätze nicht: höchstens 30.');
    const missing = await form({ name: '', email: '', room: '', date: '', from: '', to: '' });
    expect(String(missing.body.message)).toContain('Bitte füllen Sie dieses Feld aus.');
    expect((await week()).length).toBe(before);
  });

  test('the honeypot thanks a robot and stores nothing; one address is limited per minute', async () => {
    const before = (await week()).length;
    const robot = await form(valid({ website: 'http://spam.example', name: 'Robot' }));
    expect(robot.statusCode).toBe(200);
    expect((await week()).length).toBe(before);

    const ip = randomIp();
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push((await form(valid({ date: '2027-02-13' }), ip)).statusCode);
    expect(answers.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  test('a JSON API call still refuses url-encoded bodies', async () => {
    const res = await t.post(recordsApi.saveRecord.path, 'type=customers', owner.token, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expectRefused(res, 415);
  });
});
