import { defaultCountries, parseCountry, type CustomFlagImage } from 'react-international-phone';

/** Flags from our own origin (copied into build/flags by src/client/vite-plugins/flag-icons.ts). */
export const phoneFlags: CustomFlagImage[] = defaultCountries.map((country) => {
  const { iso2 } = parseCountry(country);
  return { iso2, src: `${import.meta.env.BASE_URL}flags/${iso2}.svg` };
});
