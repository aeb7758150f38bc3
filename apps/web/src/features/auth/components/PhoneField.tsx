import { useTranslation } from 'react-i18next';
import { TextField } from '../../../shared/ui/form';
import { useCountries } from '../api/countries';

interface Props {
  value: string;
  onChange: (v: string) => void;
  dialingCode: string;
  onDialingCode: (v: string) => void;
  error?: string | null;
  testId: string;
  required?: boolean;
}

/** Mobile number with its country dialing code (a select when the merchant accepts several countries). */
export function PhoneField({
  value,
  onChange,
  dialingCode,
  onDialingCode,
  error,
  testId,
  required = true,
}: Props) {
  const { t } = useTranslation('auth');
  const countries = useCountries();
  const prefix =
    countries.length > 1 ? (
      <select
        className="field__prefix"
        aria-label={t('countryCode')}
        value={dialingCode}
        onChange={(e) => onDialingCode(e.target.value)}
        data-testid={`${testId}-country`}
      >
        {countries.map((c) => (
          <option key={c.countryCode} value={c.countryDialingCode}>
            {c.countryDialingCode}
          </option>
        ))}
      </select>
    ) : (
      <span className="field__prefix" data-testid={`${testId}-country`}>
        {dialingCode}
      </span>
    );
  return (
    <TextField
      label={t('mobile')}
      value={value}
      onChange={(v) => onChange(v.replace(/[^\d\s-]/g, ''))}
      error={error}
      testId={testId}
      placeholder={t('mobilePh')}
      inputMode="tel"
      autoComplete="tel-national"
      maxLength={20}
      required={required}
      lead={prefix}
    />
  );
}

/** The merchant's default dialing code (first country). */
export function useDefaultDialingCode() {
  return useCountries()[0]?.countryDialingCode ?? '+880';
}
