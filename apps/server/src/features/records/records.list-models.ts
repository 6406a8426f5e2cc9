import { registerListModel } from '../../engine/list-models';
import { recordListPage } from '../../engine/record-list.service';
import { loadTypes, requireType } from '../../engine/record-types.service';

/** DynamicRecord lists: the records of one type through the type's list definition. */
registerListModel('DynamicRecord', async ({ scope, body, t, configUpdatedAt }) => {
  const type = requireType(await loadTypes(scope, configUpdatedAt), body.type ?? '', t);
  return recordListPage(scope, type, body, t);
});
