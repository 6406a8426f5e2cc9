import { useT } from '../i18n/i18n';
import { NotFoundView } from '../ui/not-found-view';

/** The 404 content; the router frames it, the account area shows it inside its layout. */
export function NotFound() {
  const t = useT();
  return (
    <NotFoundView
      variant="page"
      title={t('common.notFoundTitle')}
      text={t('common.notFoundText')}
      back={{ to: '/', label: t('common.toStart') }}
    />
  );
}
