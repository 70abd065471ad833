import type { ThemeIcon as IconName } from '../content-schema.ts';

// Simple line icons of our own, drawn on a 24-unit grid.
const paths: Record<IconName, string> = {
  globe:
    'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3',
  clipboard: 'M9 4h6v3H9zM7 5.5H5.5V21h13V5.5H17M8.5 12l2.2 2.2L15.5 9.5M8.5 17.5h7',
  heart: 'M12 20s-7.5-4.6-7.5-10A4.2 4.2 0 0 1 12 7.6A4.2 4.2 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z',
  speech: 'M4 5h11v8H9l-3.5 3v-3H4zM17 9h3v8h-1.5v2.5L15.5 17H11v-2',
  book: 'M3 5.5c3-1 6-1 9 1c3-2 6-2 9-1V19c-3-1-6-1-9 1c-3-2-6-2-9-1zM12 6.5V20',
  people:
    'M9 11a3 3 0 1 0 0-6a3 3 0 1 0 0 6M3.5 19.5c0-3 2.5-5.5 5.5-5.5s5.5 2.5 5.5 5.5M16 11a2.5 2.5 0 1 0 0-5M17 14c2.2.5 3.8 2.6 3.8 5.5',
};

export function ThemeIcon({ name }: { name: IconName }) {
  return (
    <svg className="theme-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}
