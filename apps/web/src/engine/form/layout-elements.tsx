import type { FormElement } from '@kontor/contract/api/record-types';
import { formFieldKeys } from '@kontor/contract/logic/form-fields';
import { Box, Button, Card, Tabs, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useEnvironment } from '../../environment/environment-context';
import { fieldOfPath } from './element-fields';
import { EnclosingTitleContext, useFormEngine } from './form-context';
import { ChildElements } from './render-context';

type Of<T extends FormElement['type']> = Extract<FormElement, { type: T }>;

/** tabs: one tab per section; a tab holding a field with a message is marked, so errors are never hidden. */
export function TabsElement({ element }: { element: Of<'tabs'> }) {
  const { errors } = useFormEngine();
  const [active, setActive] = useState<string | null>('0');
  const erroneous = new Set(Object.keys(errors).map(fieldOfPath));
  return (
    <Tabs value={active} onChange={setActive} keepMounted={false}>
      <Tabs.List mb="md">
        {element.sections.map((section, index) => {
          const hasError = formFieldKeys(section.fields).some((key) => erroneous.has(key));
          return (
            <Tabs.Tab
              key={`${index}-${section.title}`}
              value={String(index)}
              data-error={hasError || undefined}
              color={hasError ? 'red' : undefined}
              c={hasError ? 'red' : undefined}
              rightSection={hasError ? <Box w={8} h={8} bg="red" style={{ borderRadius: 4 }} aria-hidden /> : undefined}
            >
              {section.title}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {element.sections.map((section, index) => (
        <Tabs.Panel key={`${index}-${section.title}`} value={String(index)}>
          <ChildElements elements={section.fields} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** card: a framed group with an optional header; `noWrapper` drops the frame. */
export function CardElement({ element }: { element: Of<'card'> }) {
  if (element.noWrapper) return <ChildElements elements={element.children} />;
  return (
    <Card padding="lg" component="section" aria-label={element.headerTitle}>
      {element.headerTitle && (
        <Title order={3} fz="md" fw={650} mb="md">
          {element.headerTitle}
        </Title>
      )}
      <EnclosingTitleContext.Provider value={element.headerTitle}>
        <ChildElements elements={element.children} />
      </EnclosingTitleContext.Provider>
    </Card>
  );
}

/** container: children in a grid of their own, without a frame. */
export function ContainerElement({ element }: { element: Of<'container'> }) {
  return <ChildElements elements={element.children} />;
}

/** button: a link; paths starting with / stay inside the environment, others open in a new tab. */
export function ButtonElement({ element }: { element: Of<'button'> }) {
  const { envKey } = useEnvironment();
  const href = element.href ?? '';
  if (href.startsWith('/')) {
    return (
      <Button variant="light" component={Link} to={`/env/${encodeURIComponent(envKey)}${href}`}>
        {element.label}
      </Button>
    );
  }
  if (/^https?:\/\//i.test(href)) {
    return (
      <Button
        variant="light"
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        rightSection={<IconExternalLink size={16} />}
      >
        {element.label}
      </Button>
    );
  }
  return (
    <Button variant="light" disabled>
      {element.label}
    </Button>
  );
}
