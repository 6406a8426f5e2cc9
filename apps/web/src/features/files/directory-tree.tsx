import type { Directory } from '@kontor/contract/api/files';
import { NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { IconFolder, IconFolderCog, IconFolderOpen } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useT } from '../../i18n/i18n';
import { treeQuery } from './files.queries';

/** The directory tree sidebar: every folder, the path to the current one opened. */
export function DirectoryTree({
  envKey,
  current,
  hrefOf,
}: {
  envKey: string;
  current: string | null;
  /** The page address of a folder (the tree's entries are links). */
  hrefOf: (id: string) => string;
}) {
  const t = useT();
  const tree = useQuery(treeQuery(envKey));
  const navigate = useNavigate();
  const { roots, children, parents } = useMemo(() => {
    const byParent = new Map<string | null, Directory[]>();
    const parentOf = new Map<string, string | null>();
    for (const dir of tree.data?.tree ?? []) {
      parentOf.set(dir._id, dir.parent);
      const list = byParent.get(dir.parent) ?? [];
      list.push(dir);
      byParent.set(dir.parent, list);
    }
    return { roots: byParent.get(null) ?? [], children: byParent, parents: parentOf };
  }, [tree.data]);

  if (!tree.data) return <Skeleton h={120} />;
  const active = current ?? roots[0]?._id ?? null;
  const open = new Set<string>();
  for (let id = active; id; id = parents.get(id) ?? null) open.add(id);

  const node = (dir: Directory, depth: number) => {
    const kids = children.get(dir._id) ?? [];
    const isOpen = open.has(dir._id);
    const Icon = dir.system ? IconFolderCog : isOpen ? IconFolderOpen : IconFolder;
    return (
      <NavLink
        key={dir._id}
        label={
          <Text size="sm" truncate title={dir.name}>
            {dir.parent === null ? t('files.mainDirectory') : dir.name}
          </Text>
        }
        leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
        active={dir._id === active}
        opened={isOpen && kids.length > 0}
        component={Link}
        to={hrefOf(dir._id)}
        // A NavLink with children keeps its click for folding: follow the link ourselves.
        onClick={() => navigate(hrefOf(dir._id))}
        childrenOffset={depth < 6 ? 14 : 6}
        aria-current={dir._id === active ? 'page' : undefined}
        // The chevron toggles nothing on its own: a folder opens by being chosen.
        disableRightSectionRotation
        rightSection={kids.length > 0 ? undefined : null}
      >
        {kids.length > 0 ? kids.map((k) => node(k, depth + 1)) : undefined}
      </NavLink>
    );
  };

  return (
    <Stack gap={0} component="nav" aria-label={t('files.folders')}>
      <Text size="xs" fw={700} c="gray.7" tt="uppercase" px="sm" pb={6}>
        {t('files.folders')}
      </Text>
      {roots.map((r) => node(r, 0))}
    </Stack>
  );
}
