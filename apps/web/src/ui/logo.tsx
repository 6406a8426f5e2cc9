import { useT } from '../i18n/i18n';

/** The product's wordmark: a mark and the name "Kontor", drawn inline (no external assets). */
export function Logo({ height = 28 }: { height?: number }) {
  const t = useT();
  return (
    <svg
      role="img"
      aria-label={t('common.productName')}
      viewBox="0 0 124 32"
      height={height}
      width={(height * 124) / 32}
      style={{ display: 'block', flexShrink: 0 }}
    >
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-indigo-7)" />
      <path
        d="M11.5 8.5v15M21 8.5l-6.5 7.5 6.5 7.5"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text
        x="41"
        y="23.5"
        fill="var(--mantine-color-dark-7)"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize="21"
        fontWeight="700"
        letterSpacing="-0.4"
      >
        {t('common.productName')}
      </text>
    </svg>
  );
}
