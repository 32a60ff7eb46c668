/** The panel every page is built from. */
export const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';
