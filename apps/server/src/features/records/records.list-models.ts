import { translator } from '@kontor/contract/i18n/catalogs';
import { registerListModel } from '../../engine/list-models';
import { recordListOneTrip, recordListPage } from '../../engine/record-list.service';
import { cachedTypes, loadTypes, requireType } from '../../engine/record-types.service';
import { defaultLanguage } from '../../http/request-language';

// A body that does not fit the type is answered by the usual path, in the caller's language.
const planT = translator(defaultLanguage);

/**
 * DynamicRecord lists: the records of one type through the type's list definition; as a one-trip
 * read once the environment's types are cached.
 */
registerListModel(
  'DynamicRecord',
  async ({ scope, body, t, configUpdatedAt }) => {
    const type = requireType(await loadTypes(scope, configUpdatedAt), body.type ?? '', t);
    return recordListPage(scope, type, body, t);
  },
  (expectedEnvId, body) => {
    const cached = cachedTypes(expectedEnvId);
    const type = cached?.types.get(body.type ?? '');
    if (!cached || !type) return undefined;
    try {
      return {
        ...recordListOneTrip(expectedEnvId, type, body, planT),
        fresh: (configUpdatedAt) => configUpdatedAt.getTime() === cached.stamp,
      };
    } catch {
      return undefined;
    }
  },
);
