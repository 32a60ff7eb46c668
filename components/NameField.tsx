import type { ComponentProps } from 'react';

type Props = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'className'> & {
  label: string;
  value: string;
  onChange: (name: string) => void;
  /** Its form's scale: the field is as tall as the form's button is. */
  padding: 'py-2' | 'py-2.5';
};

/** The name a person is shown under (the live list, the leaderboard): what the browser calls a nickname. */
export function NameField({ label, value, onChange, padding, ...input }: Props) {
  return (
    <label className="block text-sm font-medium text-slate-700 dark:text-slate-300">
      {label}
      <input
        {...input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required
        autoComplete="nickname"
        className={`mt-1 block w-full rounded-lg border border-slate-300 dark:border-slate-600 px-3 ${padding} text-base focus:border-accent dark:focus:border-indigo-400 focus:outline-none focus:ring-2 focus:ring-indigo-200 dark:focus:ring-indigo-800`}
      />
    </label>
  );
}
