export const card =
  'rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-5 shadow-sm space-y-3';
export const input =
  'block w-full rounded-lg border border-slate-300 dark:border-slate-600 px-3 py-2 text-base focus:border-accent dark:focus:border-indigo-400 focus:outline-none focus:ring-2 focus:ring-indigo-200 dark:focus:ring-indigo-800';
export const button =
  'rounded-lg bg-accent px-4 py-2 text-sm font-bold text-white hover:bg-indigo-700 disabled:opacity-50';
export const subtle =
  'rounded-md border border-slate-300 dark:border-slate-600 px-2.5 py-1 text-xs font-bold hover:bg-slate-50 dark:hover:bg-slate-800/60';
/** A refused field, marked as the public forms mark theirs (`aria-invalid`). */
export const invalid = 'aria-invalid:border-red-600 dark:aria-invalid:border-red-400';
