import type { ProjectArt } from '../projects/types';
import { isPreviewLocale, PREVIEW_STRINGS, type PreviewLocale } from './strings';

/** What a preview is drawn from: the project as stored, and its backers (needed once it has ended). */
export type PreviewedProject = {
  title: string;
  creator: string;
  raised: number;
  goal: number;
  art: ProjectArt;
  endsAt?: number;
  backers?: number;
  currency?: string;
};

/**
 * Everything a preview image says, already in its locale: a link preview is kept by the sites it
 * is posted on, so it names the end's date, never a time left that goes stale, and the outcome
 * once ended. `dir` is the locale's; the title and the creator take their own (dirOf).
 */
export type PreviewText = {
  locale: PreviewLocale;
  dir: 'ltr' | 'rtl';
  title: string;
  byline: string;
  raised: string;
  raisedOf: string;
  /** Of the goal, for the bar: 0 to 100. */
  percent: number;
  /** "Ends 28 Nov 2026" while open; "Funded: …" / "Not funded: …" after; absent without an end. */
  status?: { state: 'open' | 'funded' | 'not_funded'; headline: string; date?: string };
  art: ProjectArt;
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** A locale's formats for one currency, made once: an Intl object costs its locale data to make. */
const formats = new Map<
  string,
  {
    money: Intl.NumberFormat;
    count: Intl.NumberFormat;
    percent: Intl.NumberFormat;
    date: Intl.DateTimeFormat;
    plural: Intl.PluralRules;
  }
>();
function formatsOf(locale: PreviewLocale, currency: string) {
  const key = `${locale}:${currency}`;
  let made = formats.get(key);
  if (!made) {
    made = {
      money: new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
      }),
      count: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
      percent: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }),
      // UTC: the same date from every server, as the project page's archive says it.
      date: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
      plural: new Intl.PluralRules(locale),
    };
    formats.set(key, made);
  }
  return made;
}

/** A currency Intl does not know (a stored value from before validation) is shown as euros, never a failed image. */
function currencyOf(code: string | undefined): string {
  if (!code || !/^[A-Z]{3}$/.test(code)) return 'EUR';
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return code;
  } catch {
    return 'EUR';
  }
}

/** The preview's text at `now` (this server's clock) in `locale` (English for any other), money in the project's currency. */
export function previewTextOf(project: PreviewedProject, now: number, requested: string = 'en'): PreviewText {
  const locale: PreviewLocale = isPreviewLocale(requested) ? requested : 'en';
  const words = PREVIEW_STRINGS[locale];
  const { money, count, percent, date, plural } = formatsOf(locale, currencyOf(project.currency));
  const { raised, goal, endsAt } = project;
  // Rounded down, as the archive says it: 99.6 % of a goal is not all of it.
  const reached = goal > 0 ? Math.floor((raised / goal) * 100) : 0;
  const goalText = money.format(goal);
  let status: PreviewText['status'];
  if (endsAt !== undefined && now < endsAt) {
    status = { state: 'open', headline: fill(words.endsOn, { date: date.format(endsAt) }) };
  } else if (endsAt !== undefined) {
    const backers = project.backers ?? 0;
    const backersText = fill(words.backers[plural.select(backers)] ?? words.backers.other, {
      count: count.format(backers),
    });
    status =
      raised >= goal
        ? {
            state: 'funded',
            headline: fill(words.funded, { raised: money.format(raised), goal: goalText, backers: backersText }),
            date: fill(words.endedOn, { date: date.format(endsAt) }),
          }
        : {
            state: 'not_funded',
            headline: fill(words.notFunded, { percent: percent.format(reached / 100), goal: goalText }),
            date: fill(words.endedOn, { date: date.format(endsAt) }),
          };
  }
  return {
    locale,
    dir: locale === 'ar' ? 'rtl' : 'ltr',
    title: project.title,
    byline: fill(words.by, { creator: project.creator }),
    raised: money.format(raised),
    raisedOf: fill(words.raisedOf, { goal: goalText }),
    percent: Math.max(0, Math.min(reached, 100)),
    ...(status && { status }),
    art: project.art,
  };
}
