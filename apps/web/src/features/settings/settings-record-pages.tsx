import { useParams } from 'react-router';
import { RecordFormScreen, RecordList, settingsPaths } from '../../engine/screens';
import { useEnvironment } from '../../environment/environment-context';
import type { SettingsSection } from './settings-sections';

type Live = SettingsSection & { recordType: string };

/** /settings/{section}: the list of the section's system type (addresses, bank details, tax rates). */
export function SettingsListPage({ section }: { section: Live }) {
  const { envKey } = useEnvironment();
  return (
    <RecordList
      key={section.path}
      type={section.recordType}
      paths={settingsPaths(envKey, section.path, section.recordType)}
    />
  );
}

/** /settings/{section}/{id}/edit: the record's main form; tax rates also refresh the environment. */
export function SettingsEditPage({ section }: { section: Live }) {
  const { id = '' } = useParams();
  const { envKey, reload } = useEnvironment();
  return (
    <RecordFormScreen
      key={`${section.path}/${id}`}
      type={section.recordType}
      id={id}
      paths={settingsPaths(envKey, section.path, section.recordType)}
      afterWrite={section.reloadsEnvironment ? () => void reload() : undefined}
    />
  );
}
