import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { EnvScope } from '../../db/env-scope';
import { loadTypes } from '../../engine/record-types.service';
import { recordsService } from '../../engine/records.service';
import { AppError } from '../../http/errors';
import type { Signature } from './answers';
import type { QueryFormRow } from './query-forms.repo';

type Target = Readonly<{ via: 'url' } | { via: 'portal'; customer: { id: string; type: string } }>;

/** A value as a record field takes it: a signature becomes its image (or the typed name). */
const fieldValue = (value: unknown): unknown => {
  if (value && typeof value === 'object' && !Array.isArray(value) && ('image' in value || 'name' in value)) {
    const sig = value as Signature;
    return sig.image ?? sig.name ?? '';
  }
  return value;
};

/**
 * Issue 12 item 6: a query-form link with a mapping (question → field) turns an answer into record
 * data, saved through the engine's records service (its validation and hooks). Filled by URL, each
 * url_fillable link with a mapping creates a record of its structure; in the portal, the link of the
 * customer's own structure updates the customer's record. A field the engine refuses comes back
 * as the message of the question that fed it, and the caller's transaction stores nothing.
 */
export const applyAnswerToRecords = async (
  scope: EnvScope,
  p: {
    form: QueryFormRow;
    data: Record<string, unknown>;
    target: Target;
    configUpdatedAt: Date;
    now: Date;
    t: Translate;
  },
): Promise<string[]> => {
  const types = await loadTypes(scope, p.configUpdatedAt);
  const records = recordsService({ scope, types, t: p.t, writable: true, actor: 'system', now: p.now });
  const saved: string[] = [];
  for (const type of types.values()) {
    if (p.target.via === 'portal' && type.key !== p.target.customer.type) continue;
    for (const link of type.queryForms) {
      if (link.form !== p.form.id || !link.mapping) continue;
      if (p.target.via === 'url' ? !link.url_fillable : !link.portal_fillable) continue;
      const entries = Object.entries(link.mapping).filter(([question]) => p.data[question] !== undefined);
      if (entries.length === 0) continue;
      const mapped = Object.fromEntries(entries.map(([question, field]) => [field, fieldValue(p.data[question])]));
      const byField = new Map(entries.map(([question, field]) => [field, question]));
      // A mapped field need not be on the structure's main form (a signature field often is not).
      const extraFields = [...byField.keys()];
      try {
        if (p.target.via === 'portal') {
          const current = await records.load({ type: type.key, id: p.target.customer.id });
          const { _id: _skip, ...values } = current.values as Record<string, unknown>;
          const data = { ...values, ...mapped };
          saved.push((await records.save({ type: type.key, id: p.target.customer.id, data, extraFields })).key);
        } else {
          saved.push((await records.save({ type: type.key, id: 'new', data: mapped, extraFields })).key);
        }
      } catch (error) {
        if (!(error instanceof AppError) || !error.errors) throw error;
        const errors: Record<string, string[]> = {};
        for (const [field, messages] of Object.entries(error.errors)) {
          errors[byField.get(field.split(/[.[]/)[0] ?? field) ?? field] = messages;
        }
        throw new AppError('invalid', { message: p.t('queryForms.invalid'), errors });
      }
    }
  }
  return saved;
};
