const paths = {
  home: 'M3 11 12 3l9 8v10h-6v-6H9v6H3z',
  profile: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z',
  add: 'M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z',
  chat: 'M4 4h16v12H8l-4 4z',
} as const;

export function NavIcon({ name }: { name: keyof typeof paths }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="currentColor" />
    </svg>
  );
}
