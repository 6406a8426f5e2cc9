/** The top-level field of an error path: `positions[2].title` → `positions`. */
export const fieldOfPath = (path: string): string => path.split(/[.[]/)[0] ?? path;

/** Grid width of an element: 1 to 12, default 12 (spec 01 §9). */
export const columnsOf = (element: { columns?: number | undefined }): number => {
  const columns = Math.round(element.columns ?? 12);
  return Number.isFinite(columns) ? Math.min(12, Math.max(1, columns)) : 12;
};
