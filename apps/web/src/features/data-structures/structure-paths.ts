/** Where the data-structure screens live: /env/{env}/settings/dynamic-records. */
export const structuresBase = (envKey: string) => `/env/${encodeURIComponent(envKey)}/settings/dynamic-records`;

export const structureEditPath = (envKey: string, type: string) =>
  `${structuresBase(envKey)}/${encodeURIComponent(type)}/edit`;
