import { dateFormats } from '@kontor/contract/api/environments';
import { newRecordId } from '@kontor/contract/api/records';
import type { FieldErrors } from '@kontor/contract/call';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import { isValidEmail } from '@kontor/contract/logic/email';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { loadTypes } from '../../engine/record-types.service';
import { limitFormatOf } from '../../engine/record-values';
import { recordsService } from '../../engine/records.service';
import { AppError } from '../../http/errors';
import { type PageContext, publicPages } from '../../http/public-route';
import { html, type SafeHtml } from '../../public/html';
import { htmlDocument, sendPage } from '../../public/public-page';
import { roomOf } from './booking-rules';
import { bookingsRepo } from './bookings.repo';

/**
 * The public booking request at /book/{url_slug} (issue 14 item 5, docs/decisions.md "Bookings:
 * public requests"): a small server-rendered form per environment whose bookings module is on. A
 * request arrives as a `requested` booking through the records engine (same rules: times, places,
 * opening hours); staff confirm it in the overview, which mails the guest an .ics. A honeypot field
 * and a per-IP limit keep robots out; nothing a visitor types becomes a link.
 */

const style = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;padding:24px 16px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
background:#f4f6fb;color:#1a1b1e}main{max-width:560px;margin:0 auto;background:#fff;border:1px solid #dee2e6;border-radius:16px;
padding:32px 24px;box-shadow:0 8px 24px rgba(30,40,90,.06)}.company{margin:0 0 4px;font-size:13px;font-weight:700;letter-spacing:.06em;
text-transform:uppercase;color:#495057}h1{margin:0 0 8px;font-size:26px;line-height:1.25}p{color:#495057;line-height:1.5;margin:0 0 16px}
label{display:block;font-weight:600;font-size:14px;margin:14px 0 4px}input,select{width:100%;font:inherit;padding:9px 11px;border:1px solid #ced4da;
border-radius:8px;background:#fff}.row{display:grid;grid-template-columns:1fr 1fr 1fr;gap:10px}.error{color:#c92a2a;font-size:13px;margin:4px 0 0}
.alert{background:#fff5f5;border:1px solid #ffc9c9;color:#c92a2a;border-radius:8px;padding:10px 12px;margin:0 0 8px}
.ok{background:#ebfbee;border:1px solid #b2f2bb;color:#2b8a3e;border-radius:8px;padding:12px}button{margin-top:20px;width:100%;font:inherit;
font-weight:600;color:#fff;background:#1c7ed6;border:0;border-radius:8px;padding:11px}.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
@media (max-width:480px){.row{grid-template-columns:1fr}}`;

const send = (reply: FastifyReply, status: number, title: string, body: SafeHtml) =>
  sendPage(reply, status, htmlDocument({ title, body: html`<main>${body}</main>`, style }), {
    styles: [style],
    formAction: 'self',
  });

type Values = Record<'name' | 'email' | 'phone' | 'room' | 'date' | 'from' | 'to' | 'guests', string>;
const fieldNames = ['name', 'email', 'phone', 'room', 'date', 'from', 'to', 'guests'] as const;
const emptyValues: Values = { name: '', email: '', phone: '', room: '', date: '', from: '', to: '', guests: '' };

/** The booking's fields to the form's: times under their inputs, rooms under the room. */
const formFieldOf: Record<string, keyof Values> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  booking_table: 'room',
  start: 'from',
  end: 'to',
  guests: 'guests',
  persons: 'guests',
};

/** Booking requests per minute and client address. */
const requestsPerMinute = 5;

export const registerBookingRequestPage = async (app: FastifyInstance): Promise<void> => {
  const { deps } = app;
  const roomsOf = (ctx: PageContext<{ slug: string }>) =>
    ctx.inEnv(async (scope) =>
      (await bookingsRepo(scope).rooms(200)).map((r) => roomOf(r.id, r.data)).filter((r) => r.isActive),
    );

  const form = (
    t: Translate,
    company: string,
    rooms: { id: string; name: string }[],
    values: Values,
    errors: Partial<Record<keyof Values, string[]>>,
    alert?: string,
  ) => {
    const error = (key: keyof Values) =>
      (errors[key] ?? []).map((m) => html`<p class="error" id="${key}-error">${m}</p>`);
    const described = (key: keyof Values) =>
      errors[key] ? html` aria-describedby="${key}-error" aria-invalid="true"` : '';
    return html`<p class="company">${company}</p><h1>${t('bookings.publicTitle')}</h1>
      <p>${t('bookings.publicIntro', { company })}</p>
      ${alert ? html`<div class="alert" role="alert">${alert}</div>` : ''}
      <form method="post" novalidate>
        <label for="name">${t('bookings.name')}</label>
        <input id="name" name="name" maxlength="200" autocomplete="name" required value="${values.name}"${described('name')}>${error('name')}
        <label for="email">${t('bookings.publicEmail')}</label>
        <input id="email" name="email" type="email" maxlength="254" autocomplete="email" required value="${values.email}"${described('email')}>${error('email')}
        <label for="phone">${t('bookings.publicPhone')}</label>
        <input id="phone" name="phone" type="tel" maxlength="40" autocomplete="tel" value="${values.phone}"${described('phone')}>${error('phone')}
        <label for="room">${t('bookings.room')}</label>
        <select id="room" name="room" required${described('room')}>${rooms.map(
          (r) => html`<option value="${r.id}"${r.id === values.room ? html` selected` : ''}>${r.name}</option>`,
        )}</select>${error('room')}
        <div class="row">
          <div><label for="date">${t('bookings.publicDate')}</label>
          <input id="date" name="date" type="date" required value="${values.date}"${described('date')}>${error('date')}</div>
          <div><label for="from">${t('bookings.publicFrom')}</label>
          <input id="from" name="from" type="time" required value="${values.from}"${described('from')}>${error('from')}</div>
          <div><label for="to">${t('bookings.publicTo')}</label>
          <input id="to" name="to" type="time" required value="${values.to}"${described('to')}>${error('to')}</div>
        </div>
        <label for="guests">${t('bookings.guests')}</label>
        <input id="guests" name="guests" type="number" min="1" max="100000" inputmode="numeric" value="${values.guests}"${described('guests')}>${error('guests')}
        <div class="hp" aria-hidden="true"><label for="website">Website</label><input id="website" name="website" tabindex="-1" autocomplete="off"></div>
        <button type="submit">${t('bookings.publicSubmit')}</button>
      </form>`;
  };

  // The environment is active and its bookings module on, or the binder answered 404.
  const pageSpec = { path: '/book/:slug', find: 'envSlug', module: 'bookings' } as const;
  await publicPages(
    app,
    { bodyLimit: 16_384, tooLargeText: 'public.invalidText', logName: 'booking request' },
    (pages) => {
      pages.get(pageSpec, async (ctx) => {
        const { env, t, reply } = ctx;
        const rooms = await roomsOf(ctx);
        if (rooms.length === 0)
          return send(
            reply,
            200,
            t('bookings.publicTitle'),
            html`<p class="company">${env.name}</p><h1>${t('bookings.publicTitle')}</h1><p>${t('bookings.publicNoRooms')}</p>`,
          );
        return send(
          reply,
          200,
          `${t('bookings.publicTitle')} – ${env.name}`,
          form(t, env.name, rooms, emptyValues, {}),
        );
      });

      pages.post({ ...pageSpec, perMinute: requestsPerMinute }, async (ctx) => {
        const { env, t, reply, fields } = ctx;
        const values: Values = { ...emptyValues };
        for (const key of fieldNames) values[key] = (fields.get(key) ?? '').slice(0, 300);
        const thanks = () =>
          send(
            reply,
            200,
            t('bookings.publicTitle'),
            html`<p class="company">${env.name}</p><h1>${t('bookings.publicTitle')}</h1><p class="ok" role="status">${t('bookings.publicThanks')}</p>`,
          );
        // A robot fills every field, the hidden one too: it is thanked and nothing is stored.
        if ((fields.get('website') ?? '') !== '') return thanks();

        const errors: Partial<Record<keyof Values, string[]>> = {};
        for (const key of ['name', 'email', 'room', 'date', 'from', 'to'] as const)
          if (values[key].trim() === '') errors[key] = [t('bookings.publicRequired')];
        if (!errors.email && !isValidEmail(values.email.trim())) errors.email = [t('bookings.publicEmailInvalid')];
        const rooms = await roomsOf(ctx);
        if (!errors.room && !rooms.some((r) => r.id === values.room)) errors.room = [t('records.modelNotFound')];
        if (Object.keys(errors).length === 0) {
          try {
            await ctx.inEnv(async (s) =>
              recordsService({
                scope: s,
                types: await loadTypes(s, env.configUpdatedAt),
                t,
                writable: true,
                // A public page is outside staff roles (issue 29 item 3).
                actor: 'system',
                now: deps.now(),
                limitFormat: limitFormatOf(
                  ctx.language,
                  dateFormats.find((f) => f === env.dateFormat),
                ),
              }).save({
                type: 'booking',
                id: newRecordId,
                data: {
                  name: values.name,
                  email: values.email,
                  phone: values.phone,
                  booking_table: values.room,
                  start: `${values.date}T${values.from}`,
                  end: `${values.date}T${values.to}`,
                  guests: values.guests.trim() === '' ? null : values.guests,
                  status: 'requested',
                },
              }),
            );
            return thanks();
          } catch (error) {
            if (!(error instanceof AppError) || (error.code !== 'invalid' && error.code !== 'conflict')) throw error;
            for (const [field, messages] of Object.entries(error.errors ?? ({} as FieldErrors))) {
              const key = formFieldOf[field] ?? 'name';
              errors[key] = [...(errors[key] ?? []), ...messages];
            }
          }
        }
        return send(
          reply,
          400,
          `${t('bookings.publicTitle')} – ${env.name}`,
          form(t, env.name, rooms, values, errors, t('bookings.publicInvalid')),
        );
      });
    },
  );
};
