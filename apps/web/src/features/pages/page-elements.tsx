import type { PageElement, PageElementType } from '@kontor/contract/api/pages';
import { recordExportPreview } from '@kontor/contract/api/records';
import { Anchor, Box, Button, Card, Grid, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconMapPin } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../../api/api';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { requestDownload } from '../../ui/download';
import { AppIcon } from '../../ui/icons';
import { StageBadge } from '../../ui/stage-badge';
import { usePageContext } from './page-context';

/**
 * The closed renderer map of detail pages (spec 02 §2.1): one component per element type, so a
 * type without a renderer does not compile. Every text arrives filled by the server and is
 * rendered as text (React escapes it); links stay inside the app, addresses open in a new tab.
 */

type Of<T extends PageElementType> = Extract<PageElement, { type: T }>;
type Renderers = { [T in PageElementType]: (props: { element: Of<T> }) => ReactNode };

export function PageElements({ elements }: { elements: readonly PageElement[] }) {
  return elements.map((element, i) => <PageElementView key={`${element.type}-${i}`} element={element} />);
}

function PageElementView({ element }: { element: PageElement }) {
  const t = useT();
  const Render = renderers[element.type] as ((props: { element: PageElement }) => ReactNode) | undefined;
  if (!Render) return <Text c="red">{t('stages.unknownElement', { type: String(element.type) })}</Text>;
  return <Render element={element} />;
}

function InternalLink({ element }: { element: Of<'link'> }) {
  const { envKey } = usePageContext();
  if (!element.to) return <Text>{element.label}</Text>;
  return (
    <Anchor component={Link} to={`/env/${encodeURIComponent(envKey)}${element.to}`} fw={600}>
      {element.label}
    </Anchor>
  );
}

function FileDownload({ element }: { element: Of<'fileDownload'> }) {
  const t = useT();
  const { envKey, element: record } = usePageContext();
  const [pending, setPending] = useState(false);
  const start = async () => {
    setPending(true);
    try {
      const answer = await requestDownload(
        {
          source: recordExportPreview,
          data: { type: record.type, id: record._id, ...(element.export ? { export: element.export } : {}) },
        },
        envKey,
      );
      window.open(answer.url, '_blank', 'noopener');
    } catch (error) {
      alertBar.push({ kind: 'danger', message: messageOf(error, t('shell.downloadPrepareFailed')) });
    } finally {
      setPending(false);
    }
  };
  return (
    <Group>
      <Button
        variant="light"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={pending}
        onClick={() => void start()}
      >
        {element.label}
      </Button>
    </Group>
  );
}

function SimpleTable({ element }: { element: Of<'simpleTable'> }) {
  const rows = element.rows ?? [];
  if (rows.length === 0) return <Text c="gray.7">{element.emptyText ?? ''}</Text>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {element.columns.map((c) => (
              <Table.Th key={c.label} ta={c.align ?? 'left'}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, r) => (
            <Table.Tr key={r}>
              {row.map((cell, c) => (
                <Table.Td key={c} ta={element.columns[c]?.align ?? 'left'} style={{ overflowWrap: 'anywhere' }}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function StageLabel() {
  const { element } = usePageContext();
  return (
    <Group>
      <StageBadge stage={element.stage?.key} stages={element.stages.map((s) => ({ ...s }))} />
    </Group>
  );
}

function MapLink({ element }: { element: Of<'map'> }) {
  const t = useT();
  if (!element.address) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <IconMapPin size={18} aria-hidden />
      <Anchor
        href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(element.address)}`}
        target="_blank"
        rel="noopener noreferrer"
        title={t('stages.mapOpen')}
      >
        {element.address}
      </Anchor>
    </Group>
  );
}

const renderers: Renderers = {
  pageTitle: ({ element }) => (
    <Stack gap={2}>
      <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
        {element.text}
      </Title>
      {element.subtitle && <Text c="gray.7">{element.subtitle}</Text>}
    </Stack>
  ),
  div: ({ element }) => (
    <Stack gap="md">
      <PageElements elements={element.children} />
    </Stack>
  ),
  text: ({ element }) => (
    <Text fw={element.weight === 'bold' ? 700 : undefined} c={element.dimmed ? 'gray.7' : undefined}>
      {element.text}
    </Text>
  ),
  content: ({ element }) => <Text style={{ whiteSpace: 'pre-wrap' }}>{element.text}</Text>,
  link: InternalLink,
  a: ({ element }) =>
    element.href ? (
      <Anchor href={element.href} target="_blank" rel="noopener noreferrer">
        {element.label}
      </Anchor>
    ) : (
      <Text>{element.label}</Text>
    ),
  icon: ({ element }) => <AppIcon name={element.name} />,
  card: ({ element }) => (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <PageElements elements={element.children} />
      </Stack>
    </Card>
  ),
  cardHeader: ({ element }) => (
    <Title order={2} fz="lg">
      {element.text}
    </Title>
  ),
  cardBody: ({ element }) => (
    <Stack gap="sm">
      <PageElements elements={element.children} />
    </Stack>
  ),
  table: ({ element }) => (
    <Table.ScrollContainer minWidth={280}>
      <Table verticalSpacing={6}>
        <PageElements elements={element.children} />
      </Table>
    </Table.ScrollContainer>
  ),
  thead: ({ element }) => (
    <Table.Thead>
      <PageElements elements={element.children} />
    </Table.Thead>
  ),
  tbody: ({ element }) => (
    <Table.Tbody>
      <PageElements elements={element.children} />
    </Table.Tbody>
  ),
  tr: ({ element }) => (
    <Table.Tr>
      <PageElements elements={element.children} />
    </Table.Tr>
  ),
  th: ({ element }) => (
    <Table.Th w="40%" fw={500} c="gray.7" scope="row">
      {element.text}
    </Table.Th>
  ),
  td: ({ element }) => (
    <Table.Td ta={element.align ?? 'left'} style={{ overflowWrap: 'anywhere' }}>
      {element.text}
    </Table.Td>
  ),
  image: ({ element }) => (element.src ? <Image src={element.src} alt={element.alt} maw="100%" radius="sm" /> : null),
  fileDownload: FileDownload,
  row: ({ element }) => (
    <Grid gap="lg">
      <PageElements elements={element.children} />
    </Grid>
  ),
  col: ({ element }) => (
    <Grid.Col span={{ base: 12, md: element.span ?? 12 }}>
      <Box>
        <Stack gap="lg">
          <PageElements elements={element.children} />
        </Stack>
      </Box>
    </Grid.Col>
  ),
  map: MapLink,
  dynrecordStageLabel: StageLabel,
  simpleTable: SimpleTable,
};
