import { Center, Loader } from '@mantine/core';

/** Shown while a lazily loaded screen arrives. */
export function PageLoader() {
  return (
    <Center mih="60dvh">
      <Loader aria-hidden />
    </Center>
  );
}
