import { lastStatement } from '../../db/env-scope';
import { registerListModel } from '../../engine/list-models';
import { recordListPage } from '../../engine/record-list.service';
import { loadTypes, requireType } from '../../engine/record-types.service';

/** DynamicRecord lists: the records of one type through the type's list definition. */
registerListModel('DynamicRecord', async ({ scope, body, t, configUpdatedAt }) => {
  const type = requireType(await loadTypes(scope, configUpdatedAt), body.type ?? '', t);
  // The page is the request's last statement: on PostgreSQL it commits in the same round trip.
  return lastStatement(scope, () => recordListPage(scope, type, body, t));
});
