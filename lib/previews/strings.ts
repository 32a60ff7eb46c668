/**
 * The preview image's few words per locale, in the catalogues' placeholder style ({name}), to be
 * merged into messages/*.json with the rest of the UI text. Arabic without harakat: the preview's
 * renderer places no combining marks (it has no mark positioning).
 */
export const PREVIEW_LOCALES = ['en', 'de', 'ar'] as const;
export type PreviewLocale = (typeof PREVIEW_LOCALES)[number];

type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type PreviewStrings = {
  by: string;
  raisedOf: string;
  endsOn: string;
  endedOn: string;
  funded: string;
  notFunded: string;
  backers: Plural;
};

export const PREVIEW_STRINGS: Record<PreviewLocale, PreviewStrings> = {
  en: {
    by: 'by {creator}',
    raisedOf: 'raised of {goal}',
    endsOn: 'Ends {date}',
    endedOn: 'Ended {date}',
    funded: 'Funded: {raised} of {goal} from {backers}',
    notFunded: 'Not funded: reached {percent} of {goal}',
    backers: { one: '{count} backer', other: '{count} backers' },
  },
  de: {
    by: 'von {creator}',
    raisedOf: 'von {goal} gesammelt',
    endsOn: 'Endet am {date}',
    endedOn: 'Beendet am {date}',
    funded: 'Finanziert: {raised} von {goal} durch {backers}',
    notFunded: 'Nicht finanziert: {percent} von {goal} erreicht',
    backers: { one: '{count} Unterstützer', other: '{count} Unterstützer' },
  },
  ar: {
    by: 'بواسطة {creator}',
    raisedOf: 'جمعت من أصل {goal}',
    endsOn: 'تنتهي في {date}',
    endedOn: 'انتهت في {date}',
    funded: 'ممول: {raised} من {goal} من {backers}',
    notFunded: 'لم يمول: بلغ {percent} من {goal}',
    backers: { one: 'داعم واحد', two: 'داعمان', few: '{count} داعمين', many: '{count} داعما', other: '{count} داعم' },
  },
};

export const isPreviewLocale = (value: unknown): value is PreviewLocale =>
  PREVIEW_LOCALES.includes(value as PreviewLocale);
