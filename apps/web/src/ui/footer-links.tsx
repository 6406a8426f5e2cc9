import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../i18n/i18n';

/** Docs, contact, terms and imprint: shown under every public and account page. */
export function FooterLinks() {
  const t = useT();
  const links = [
    { to: '/docs', label: t('common.footerDocs') },
    { to: '/contact', label: t('common.footerContact') },
    { to: '/legal', label: t('common.footerTerms') },
    { to: '/imprint', label: t('common.footerImprint') },
  ];
  return (
    <Group component="nav" justify="center" gap="lg" py="md" style={{ rowGap: 4 }}>
      {links.map((l) => (
        <Anchor key={l.to} component={Link} to={l.to} size="sm" c="dimmed">
          {l.label}
        </Anchor>
      ))}
    </Group>
  );
}
