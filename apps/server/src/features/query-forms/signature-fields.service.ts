import type { RecordType } from '@kontor/contract/api/record-types';
import type { EnvScope } from '../../db/env-scope';
import { formsByIds } from './query-forms.service';

export type SignatureField = Readonly<{ field: string; label: string }>;

/**
 * The fields of a structure that receive a signature: each field a query-form link maps a
 * signature question to (issue 12 item 6), labelled with the question's title. Exports print them
 * (stages/export-document.ts), so a signature given through a form is on the record's PDF.
 */
export const mappedSignatureFields = async (
  scope: EnvScope,
  type: Pick<RecordType, 'fields' | 'queryForms'>,
): Promise<SignatureField[]> => {
  const links = type.queryForms.filter((link) => link.mapping && Object.keys(link.mapping).length > 0);
  if (links.length === 0) return [];
  const forms = new Map((await formsByIds(scope, [...new Set(links.map((l) => l.form))])).map((f) => [f.id, f]));
  const fieldKeys = new Set(type.fields.map((f) => f.key));
  const found = new Map<string, string>();
  for (const link of links) {
    const questions = forms.get(link.form)?.definition ?? [];
    for (const [question, field] of Object.entries(link.mapping ?? {})) {
      const q = questions.find((candidate) => candidate.key === question);
      if (q?.questionType !== 'signature' || !fieldKeys.has(field) || found.has(field)) continue;
      found.set(field, q.title.trim() || 'Unterschrift');
    }
  }
  return [...found].map(([field, label]) => ({ field, label }));
};
