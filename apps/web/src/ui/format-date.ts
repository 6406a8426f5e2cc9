/** German date formats of the account area (the environment has its own date setting). */
const dateFormat = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

const valid = (iso: string): Date | null => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** "22.11.2025" */
export const formatDate = (iso: string): string => {
  const d = valid(iso);
  return d ? dateFormat.format(d) : '';
};

/** "22.11.2025, 14:05" */
export const formatDateTime = (iso: string): string => {
  const d = valid(iso);
  return d ? dateTimeFormat.format(d) : '';
};
