import { account } from './de_sie/account';
import { auth } from './de_sie/auth';
import { bookings } from './de_sie/bookings';
import { common } from './de_sie/common';
import { einvoice } from './de_sie/einvoice';
import { environments } from './de_sie/environments';
import { files } from './de_sie/files';
import { mail } from './de_sie/mail';
import { publicPages } from './de_sie/public-pages';
import { queryForms } from './de_sie/query-forms';
import { records } from './de_sie/records';
import { settings } from './de_sie/settings';
import { setup } from './de_sie/setup';
import { shell } from './de_sie/shell';
import { stages } from './de_sie/stages';
import { structures } from './de_sie/structures';
import { validation } from './de_sie/validation';
import { website } from './de_sie/website';

/**
 * The formal German catalog: every user-visible text of the spec, verbatim (typos included),
 * one file per area under `de_sie/`. `de_du.ts` and `en.ts` must have exactly the same keys:
 * a missing key is a type error there.
 */
export const de_sie = {
  ...common,
  ...auth,
  ...account,
  ...environments,
  ...mail,
  ...validation,
  ...records,
  ...setup,
  ...settings,
  ...shell,
  ...structures,
  ...stages,
  ...einvoice,
  ...files,
  ...bookings,
  ...website,
  ...queryForms,
  ...publicPages,
} as const;

export type MessageKey = keyof typeof de_sie;
export type Catalog = Readonly<Record<MessageKey, string>>;
