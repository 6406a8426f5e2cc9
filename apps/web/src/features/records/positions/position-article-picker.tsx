import { loadRecordForm } from '@kontor/contract/api/records';
import { useState } from 'react';
import { api, messageOf } from '../../../api/api';
import { StandaloneField } from '../../../engine/field-kit';
import { useEnvironment } from '../../../environment/environment-context';
import { useT } from '../../../i18n/i18n';

/** An article's values as its form answers them (base type `article`: title, unit, price, tax). */
export type ArticleValues = Readonly<Record<string, unknown>>;

/** The environment's article type (the base type or the preset's child of it) the member may read. */
const useArticleType = () => {
  const { recordTypes } = useEnvironment();
  return recordTypes.find((type) => (type.key === 'article' || type.parent === 'article') && type.rights.read);
};

/**
 * Picks an article for a position (issue 31 item 3): the model selector searches the articles by
 * number and name; the picked article's values are loaded and handed on, for the position to take
 * what it needs while everything stays editable. Without an article type it shows nothing.
 */
export function ArticlePicker({ onPick }: { onPick: (article: ArticleValues) => void }) {
  const t = useT();
  const { envKey } = useEnvironment();
  const articleType = useArticleType();
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  if (!articleType) return null;

  const pick = async (value: unknown) => {
    const id = typeof value === 'string' ? value : null;
    setPicked(id);
    setError(undefined);
    if (!id) return;
    try {
      const form = await api.call(loadRecordForm, { _env: envKey, type: articleType.key, id });
      onPick(form.values);
    } catch (failure) {
      setError(messageOf(failure, t('records.positionArticleFailed')));
    }
  };

  return (
    // Enter in the selector's search box picks an article; it must not also apply the position
    // (the dropdown lies in a portal, so only the React tree, not the DOM, passes through here).
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops Enter from bubbling to the form
    <div
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.stopPropagation();
      }}
    >
      <StandaloneField
        field={{
          key: 'article',
          type: 'model',
          label: t('records.positionArticle'),
          selector: { type: articleType.key, columns: ['article_number', 'title'] },
        }}
        value={picked}
        onChange={(value) => void pick(value)}
        error={error}
        hint={t('records.positionArticleHint')}
      />
    </div>
  );
}
