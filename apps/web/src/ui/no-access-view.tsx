import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * A screen the member's role does not allow (issue 29 item 4): a calm page, not a red error.
 * Texts come from the caller's catalog.
 */
export function NoAccessView({
  title,
  text,
  back,
}: {
  title: string;
  text: string;
  back: { to: string; label: string };
}) {
  return (
    <Stack align="center" gap="md" py={64} ta="center" role="status">
      <ThemeIcon size={64} radius="xl" variant="light" color="gray" aria-hidden>
        <IconLock size={32} stroke={1.6} />
      </ThemeIcon>
      <Title order={1} fz={24}>
        {title}
      </Title>
      <Text c="dimmed" maw={520}>
        {text}
      </Text>
      <Button component={Link} to={back.to} variant="light" mt="sm">
        {back.label}
      </Button>
    </Stack>
  );
}
