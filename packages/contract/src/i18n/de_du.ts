import { account } from './de_du/account';
import { auth } from './de_du/auth';
import { common } from './de_du/common';
import { environments } from './de_du/environments';
import { files } from './de_du/files';
import { mail } from './de_du/mail';
import { records } from './de_du/records';
import { settings } from './de_du/settings';
import { setup } from './de_du/setup';
import { shell } from './de_du/shell';
import { validation } from './de_du/validation';
import type { Catalog } from './de_sie';

/** Informal German ("du"), written fresh and correct: the same keys as de_sie, one file per area. */
export const de_du: Catalog = {
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
  ...files,
};
