import { account } from './de_du/account';
import { auth } from './de_du/auth';
import { bookings } from './de_du/bookings';
import { common } from './de_du/common';
import { einvoice } from './de_du/einvoice';
import { environments } from './de_du/environments';
import { files } from './de_du/files';
import { mail } from './de_du/mail';
import { publicPages } from './de_du/public-pages';
import { queryForms } from './de_du/query-forms';
import { records } from './de_du/records';
import { settings } from './de_du/settings';
import { setup } from './de_du/setup';
import { shell } from './de_du/shell';
import { stages } from './de_du/stages';
import { structures } from './de_du/structures';
import { validation } from './de_du/validation';
import { website } from './de_du/website';
import { type Catalog, de_sie } from './de_sie';

/**
 * Informal German ("du"), written fresh and correct, one file per area. An area file holds only
 * the texts that differ from de_sie (the "Sie" form); every other key falls back to de_sie here
 * instead of being copied.
 */
export const de_du: Catalog = {
  ...de_sie,
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
