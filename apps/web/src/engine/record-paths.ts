/** Where a record type's screens live: under /dyn for data types, under /settings for the settings types. */
export type RecordPaths = Readonly<{
  list: string;
  edit: (id: string) => string;
  page: (id: string, page: string) => string;
  changeStage: (id: string, stage: string) => string;
}>;

const enc = encodeURIComponent;

export const dynPaths = (envKey: string, type: string): RecordPaths => {
  const base = `/env/${enc(envKey)}/dyn/${enc(type)}`;
  return {
    list: base,
    edit: (id) => `${base}/${enc(id)}/edit`,
    page: (id, page) => `${base}/${enc(id)}/page/${enc(page)}`,
    changeStage: (id, stage) => `${base}/${enc(id)}/${enc(stage)}/change-stage`,
  };
};

/** The settings screens of a system type (`settings/addresses` …); pages and stages stay under /dyn. */
export const settingsPaths = (envKey: string, section: string, type: string): RecordPaths => {
  const base = `/env/${enc(envKey)}/settings/${section}`;
  return { ...dynPaths(envKey, type), list: base, edit: (id) => `${base}/${enc(id)}/edit` };
};
