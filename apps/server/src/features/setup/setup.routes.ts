import * as api from '@kontor/contract/api/setup';
import { envScoped } from '@kontor/contract/call';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../http/route';
import { saveStep1, saveStep2, saveStep3, setupInit } from './setup.service';

/**
 * The steps as the server reads them: every length is checked by the service (the name's limit,
 * the address and bank records' own limits), so a value too long gets one message with the real
 * limit, whatever its length, under the payload's field name. The body limit bounds the rest.
 */
const optionalText = z.string().optional().default('');
const step1 = {
  ...api.setupStep1,
  body: envScoped({
    name: z.string(),
    default_dateformat: z.string(),
    default_currency: z.string(),
    default_language: z.string(),
  }),
};
const step2 = {
  ...api.setupStep2,
  body: envScoped({
    invoice_name: z.string(),
    invoice_addition: optionalText,
    invoice_street: z.string(),
    invoice_housenumber: z.string(),
    invoice_zip: z.string(),
    invoice_city: z.string(),
    invoice_country: optionalText,
  }),
};
const step3 = {
  ...api.setupStep3,
  body: envScoped({ name: z.string(), bank: optionalText, iban: z.string(), bic: optionalText }),
};

export const registerSetupRoutes = (app: FastifyInstance): void => {
  route(app, api.setupInit, { env: 'read' }, ({ scope, t, deps }) => setupInit({ scope, t, now: deps.now() }));
  route(app, step1, { env: 'write' }, ({ scope, t, deps, body }) => saveStep1({ scope, t, now: deps.now() }, body));
  route(app, step2, { env: 'write' }, ({ scope, t, deps, body }) => saveStep2({ scope, t, now: deps.now() }, body));
  route(app, step3, { env: 'write' }, ({ scope, t, deps, body }) => saveStep3({ scope, t, now: deps.now() }, body));
};
