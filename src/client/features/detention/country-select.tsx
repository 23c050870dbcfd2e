import { getSelectProps, type FieldMetadata } from '@conform-to/react';
import { useMemo } from 'react';
import { COMMON_COUNTRY_CODES, countryChoices, isCountryCode } from '#shared/countries.ts';
import { COUNTRY_ALL, COUNTRY_COMMON, COUNTRY_NONE, countryAsTyped } from './detention-texts.ts';

/**
 * The country of birth from a list (the locator's own list is in English; the contacts read the
 * country in their language and the name to pick there). A country typed before the list that
 * matches none stays offered, as typed, so saving the rest of the form never loses it.
 */
export function CountrySelect({ meta, describedBy }: { meta: FieldMetadata<string>; describedBy: string }) {
  const choices = useMemo(() => countryChoices(), []);
  const groups = [
    { label: COUNTRY_COMMON, countries: choices.slice(0, COMMON_COUNTRY_CODES.length) },
    { label: COUNTRY_ALL, countries: choices.slice(COMMON_COUNTRY_CODES.length) },
  ];
  const typed = meta.initialValue && !isCountryCode(meta.initialValue) ? meta.initialValue : '';
  return (
    <select className="field__input" {...getSelectProps(meta)} key={meta.key} aria-describedby={describedBy}>
      <option value="">{COUNTRY_NONE}</option>
      {typed && <option value={typed}>{countryAsTyped(typed)}</option>}
      {groups.map(({ label, countries }) => (
        <optgroup key={label} label={label}>
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
