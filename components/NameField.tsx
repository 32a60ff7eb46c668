import { useId, type ComponentProps } from 'react';

type Props = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'className'> & {
  label: string;
  value: string;
  onChange: (name: string) => void;
  /** Its form's scale: the field is as tall as the form's button is. */
  padding: 'py-2' | 'py-2.5';
  /** What is wrong with it, in plain words: shown beside it, and the field is marked invalid. */
  error?: string | null;
};

/** The name a person is shown under (the live list, the leaderboard): what the browser calls a nickname. */
export function NameField({ label, value, onChange, padding, error, ...input }: Props) {
  const errorId = useId();
  return (
    <div>
      <label className="block text-sm text-slate-700 dark:text-slate-300">
        {label}
        <input
          {...input}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          required
          autoComplete="nickname"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`mt-1 block w-full rounded-lg border border-slate-300 dark:border-slate-600 px-3 ${padding} text-base focus:border-accent dark:focus:border-indigo-400 focus:outline-none focus:ring-2 focus:ring-indigo-200 dark:focus:ring-indigo-800 aria-invalid:border-red-600 dark:aria-invalid:border-red-400`}
        />
      </label>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/** The error text under a field, referenced by the field's aria-describedby. */
export function FieldError({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <p id={id} data-testid="field-error" className="mt-1 text-sm text-red-700 dark:text-red-300">
      {children}
    </p>
  );
}
