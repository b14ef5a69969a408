import Negotiator from 'negotiator';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { ja } from './ja';
import { pt } from './pt';
import type { ChooserText } from './types';

export type { ChooserText } from './types';

/** The chooser page's languages, English first (the answer when none of them is asked for). */
export const CHOOSER_TEXTS = { en, de, fr, es, pt, it, ja } satisfies Record<string, ChooserText>;
export type ChooserLanguage = keyof typeof CHOOSER_TEXTS;
const LANGUAGES = Object.keys(CHOOSER_TEXTS) as ChooserLanguage[];

/**
 * The visitor's language from `Accept-Language` (weights and regional tags such as `de-AT`
 * understood), English when none of the page's languages is accepted.
 */
export function chooserLanguage(acceptLanguage: string | undefined): ChooserLanguage {
  if (!acceptLanguage) return 'en';
  const found = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language(
    LANGUAGES,
  );
  return (found as ChooserLanguage | undefined) ?? 'en';
}
