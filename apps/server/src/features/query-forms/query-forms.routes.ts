import * as api from '@kontor/contract/api/query-forms';
import type { FastifyInstance } from 'fastify';
import { answer, route } from '../../http/route';
import * as service from './query-forms.service';

/** The query forms' calls (spec 02 §7 query-forms/*) and our CSV export of the answers. */
export const registerQueryFormRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  route(app, api.listQueryForms, { env: 'read', may: 'read' }, ({ scope }) => service.listForms(scope));
  route(app, api.queryFormDetails, { env: 'read', may: 'read' }, ({ scope, body, t }) =>
    service.formDetails(scope, body.id, deps.config.appUrl, t),
  );
  route(app, api.saveQueryForm, { env: 'write', may: 'records' }, async ({ scope, body, t }) =>
    answer(await service.saveForm(scope, body, deps.now(), t), t('queryForms.saveSuccess')),
  );
  route(app, api.exportQueryFormAnswers, { env: 'read', may: 'read' }, ({ scope, body, t }) =>
    service.exportAnswers(scope, body.id, t),
  );
};
