import type { Stage } from '@kontor/contract/api/record-types';
import { Badge } from '@mantine/core';
import { useT } from '../i18n/i18n';

type StageBadgeProps = Readonly<{ stage: string | null | undefined; stages: Stage[] }>;

/**
 * Spec 01 §4 "Stage badge": the stage's name in its colour on its background; an empty stage is
 * 'In Bearbeitung', an unknown key 'Unbekannter Stage `{stage}`'.
 */
export function StageBadge({ stage, stages }: StageBadgeProps) {
  const t = useT();
  if (!stage) {
    return (
      <Badge variant="light" color="gray" radius="sm" tt="none" fw={600}>
        {t('records.stageEmpty')}
      </Badge>
    );
  }
  const found = stages.find((s) => s.key === stage);
  if (!found) {
    return (
      <Badge variant="outline" color="orange" radius="sm" tt="none" fw={600}>
        {t('records.stageUnknown', { stage })}
      </Badge>
    );
  }
  return (
    <Badge
      radius="sm"
      tt="none"
      fw={600}
      variant="light"
      color="gray"
      // The stage's own colours win over the theme's; a stage without them stays neutral grey.
      style={{
        ...(found.color ? { color: found.color } : {}),
        ...(found.background ? { background: found.background } : {}),
      }}
    >
      {found.name}
    </Badge>
  );
}
