import type { Catalog } from './de_sie';
import { account } from './en/account';
import { auth } from './en/auth';
import { bookings } from './en/bookings';
import { common } from './en/common';
import { einvoice } from './en/einvoice';
import { environments } from './en/environments';
import { files } from './en/files';
import { mail } from './en/mail';
import { publicPages } from './en/public-pages';
import { queryForms } from './en/query-forms';
import { records } from './en/records';
import { settings } from './en/settings';
import { setup } from './en/setup';
import { shell } from './en/shell';
import { stages } from './en/stages';
import { structures } from './en/structures';
import { validation } from './en/validation';
import { website } from './en/website';

/** English: the same keys as de_sie, one file per area. */
export const en: Catalog = {
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
};
