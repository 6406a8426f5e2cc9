import { Button, type ButtonProps, Stack, Text } from '@mantine/core';
import { useId } from 'react';

/**
 * A submit button that says why it cannot be pressed yet (issue 31 item 10): the reason stands
 * under it and is its accessible description, so nobody is left guessing at a grey button.
 */
export function SubmitButton({
  blockedBecause,
  loading,
  children,
  ...props
}: ButtonProps & Readonly<{ blockedBecause: string | null; loading?: boolean; children: React.ReactNode }>) {
  const reasonId = useId();
  const blocked = blockedBecause !== null && !loading;
  return (
    <Stack gap={6} align={props.fullWidth ? 'stretch' : 'flex-end'}>
      <Button
        type="submit"
        {...props}
        loading={loading}
        disabled={blocked}
        aria-describedby={blocked ? reasonId : undefined}
      >
        {children}
      </Button>
      {blocked && (
        <Text id={reasonId} size="sm" c="dimmed" ta={props.fullWidth ? 'center' : 'right'}>
          {blockedBecause}
        </Text>
      )}
    </Stack>
  );
}
