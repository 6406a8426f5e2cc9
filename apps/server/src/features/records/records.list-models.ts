import { translator } from '@kontor/contract/i18n/catalogs';
import { registerListModel } from '../../engine/list-models';
import { recordListOneTrip, recordListPage } from '../../engine/record-list.service';
import { cachedTypes, loadTypes } from '../../engine/record-types.service';
import { requireTypeRight, rightsOn } from '../../engine/type-access';
import { defaultLanguage } from '../../http/request-language';

// A body that does not fit the type is answered by the usual path, in the caller's language.
const planT = translator(defaultLanguage);

/**
 * DynamicRecord lists: the records of one type through the type's list definition; as a one-trip
 * read once the environment's types are cached.
 */
registerListModel(
  'DynamicRecord',
  async ({ scope, body, t, configUpdatedAt, role }) => {
    const types = await loadTypes(scope, configUpdatedAt);
    const type = requireTypeRight({ types, t, actor: role }, body.type ?? '', 'read');
    return recordListPage(scope, type, body, t);
  },
  (expectedEnvId, body) => {
    const cached = cachedTypes(expectedEnvId);
    const type = cached?.types.get(body.type ?? '');
    if (!cached || !type) return undefined;
    try {
      return {
        ...recordListOneTrip(expectedEnvId, type, body, planT),
        // A role that may not read the type gets the usual path's 403 (issue 29 item 2).
        fresh: (env) => env.configUpdatedAt.getTime() === cached.stamp && rightsOn(type, env.role).read,
      };
    } catch {
      return undefined;
    }
  },
);
