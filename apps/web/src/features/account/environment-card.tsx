import type { EnvironmentCard as Environment } from '@kontor/contract/api/environments';
import { Avatar, Badge, Button, Card, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import classes from './environment-card.module.css';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

/** Spec 01 §2 /account: logo or name, the fixed plan badge ('Free' in the spec, 'Kostenlos' since issue 31 item 9), user count and 'Starten'. */
export function EnvironmentCard({ environment: env }: { environment: Environment }) {
  const t = useT();
  return (
    <Card component="article" aria-label={env.name} padding="lg" h="100%" className={classes.card}>
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          {env.logo_url ? (
            <Image src={env.logo_url} alt={env.name} h={44} w="auto" maw="70%" fit="contain" />
          ) : (
            <Avatar color="indigo" variant="light" radius="md" size={44} aria-hidden>
              {initials(env.name)}
            </Avatar>
          )}
          <Badge variant="light" color="gray" radius="sm" tt="none">
            {t('account.planFree')}
          </Badge>
        </Group>
        <Stack gap={4} style={{ flex: 1 }}>
          {!env.logo_url && (
            <Title order={3} fz="lg" lineClamp={2} className={classes.name}>
              {env.name}
            </Title>
          )}
          <Group gap={6} c="dimmed" wrap="nowrap">
            <IconUsers size={16} aria-hidden />
            <Text size="sm">{t('account.usersCount', { n: env.users_count })}</Text>
          </Group>
        </Stack>
        <Button component={Link} to={`/env/${encodeURIComponent(env.url_slug)}`} fullWidth>
          {t('account.start')}
        </Button>
      </Stack>
    </Card>
  );
}

/** The tile that leads to /account/create-environment. */
export function CreateEnvironmentTile() {
  const t = useT();
  return (
    <Card component={Link} to="/account/create-environment" padding="lg" h="100%" className={classes.createTile}>
      <Stack align="center" justify="center" gap="sm" h="100%" mih={{ base: 120, sm: 172 }}>
        <span className={classes.plus} aria-hidden>
          <IconPlus size={22} />
        </span>
        <Text fw={600} ta="center" c="indigo.8">
          {t('account.createTile')}
        </Text>
      </Stack>
    </Card>
  );
}

/** Placeholders of the same size as the cards while the list loads. */
export function EnvironmentCardSkeleton() {
  return (
    <Card padding="lg" h="100%" aria-hidden>
      <Stack gap="md">
        <Group justify="space-between">
          <Skeleton height={44} width={44} radius="md" />
          <Skeleton height={20} width={44} radius="sm" />
        </Group>
        <Skeleton height={20} width="70%" />
        <Skeleton height={14} width="40%" />
        <Skeleton height={36} />
      </Stack>
    </Card>
  );
}
