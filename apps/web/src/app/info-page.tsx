import { Text } from '@mantine/core';
import { useIsLoggedIn } from '../api/session';
import { type MessageKey, useT } from '../i18n/i18n';
import { AuthCard } from '../ui/auth-card';
import { BackLink } from '../ui/back-link';
import { PublicLayout } from '../ui/public-layout';

export type InfoKind = 'docs' | 'contact' | 'legal' | 'imprint';

const texts: Record<InfoKind, { title: MessageKey; text: MessageKey }> = {
  docs: { title: 'common.footerDocs', text: 'common.docsText' },
  contact: { title: 'common.footerContact', text: 'common.contactText' },
  legal: { title: 'common.footerTerms', text: 'common.legalText' },
  imprint: { title: 'common.footerImprint', text: 'common.imprintText' },
};

/** The footer's static pages, reachable logged in or out, so the links never lead to a 404. */
export function InfoPage({ kind }: { kind: InfoKind }) {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  return (
    <PublicLayout width={640}>
      <AuthCard title={t(texts[kind].title)}>
        <Text style={{ whiteSpace: 'pre-line' }}>{t(texts[kind].text)}</Text>
        <BackLink to={loggedIn ? '/account' : '/'}>{t('common.back')}</BackLink>
      </AuthCard>
    </PublicLayout>
  );
}
