import { useInputControl, type FieldMetadata } from '@conform-to/react';
import { useEffect, useRef } from 'react';
import { PhoneInput } from 'react-international-phone';
// Before the library's styles, as when these rules were global: its rules win where both apply.
import './form-controls.css';
import 'react-international-phone/style.css';
import { PHONE_DEFAULT_COUNTRY, PHONE_MAX_DIGITS } from '#shared/constants.ts';
import { FieldError } from './field-error.tsx';
import { COMMON_COUNTRIES, PHONE_COUNTRIES } from './phone-countries.ts';
import { phoneFlags } from './phone-flags.ts';
import './phone-field.css';

/**
 * react-international-phone driven by Conform: the visible input has no name; a
 * hidden input carries the E.164 value. The dial code alone (`+1`) is what the
 * input emits when empty, and the shared schema reads it as empty.
 */
export function PhoneField({
  label,
  meta,
  autoComplete = 'tel',
}: {
  label: string;
  meta: FieldMetadata<string>;
  /** 'tel' fills in the person's own number; a contact's form passes 'off'. */
  autoComplete?: 'tel' | 'off';
}) {
  const control = useInputControl(meta);
  const value = typeof control.value === 'string' ? control.value : '';
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The library names its country button in English and offers no prop for it. React
    // only rewrites an attribute when its prop changes, so this Spanish name stays.
    wrapper.current?.querySelector('button[aria-haspopup="listbox"]')?.setAttribute('aria-label', 'País del teléfono');
  }, []);
  return (
    <div className="field" ref={wrapper}>
      <label className="field__label" htmlFor={meta.id}>
        {label}
      </label>
      <PhoneInput
        defaultCountry={PHONE_DEFAULT_COUNTRY}
        // The dial code sits beside the box, not in it: people type or paste their number
        // as they know it, without a '+', and the country list supplies the code.
        disableDialCodeAndPrefix
        showDisabledDialCodeAndPrefix
        value={value}
        flags={phoneFlags}
        countries={PHONE_COUNTRIES}
        preferredCountries={COMMON_COUNTRIES}
        onChange={(phone) => {
          // Cap the digits here too, so the person sees the limit while typing.
          if (phone.replace(/\D/g, '').length <= PHONE_MAX_DIGITS) control.change(phone);
        }}
        onBlur={control.blur}
        className="phone-field"
        inputClassName="field__input phone-field__input"
        inputProps={{
          id: meta.id,
          autoComplete,
          'aria-invalid': meta.errors ? true : undefined,
          'aria-describedby': meta.errors ? meta.errorId : undefined,
        }}
        countrySelectorStyleProps={{ buttonClassName: 'phone-field__country' }}
        dialCodePreviewStyleProps={{ className: 'phone-field__dial-code' }}
      />
      <input type="hidden" name={meta.name} value={value} />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
