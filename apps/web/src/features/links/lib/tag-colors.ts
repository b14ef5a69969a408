import type { TagColor } from '@mailtokit/contracts/tags';

/** Each palette colour as a chip: a tinted background and a readable text, light and dark. */
export const TAG_CHIP_CLASS: Record<TagColor, string> = {
  gray: 'bg-zinc-500/12 text-zinc-700 dark:bg-zinc-400/15 dark:text-zinc-200',
  red: 'bg-red-500/12 text-red-700 dark:bg-red-400/15 dark:text-red-200',
  orange: 'bg-orange-500/12 text-orange-800 dark:bg-orange-400/15 dark:text-orange-200',
  amber: 'bg-amber-500/15 text-amber-800 dark:bg-amber-400/15 dark:text-amber-200',
  green: 'bg-green-500/12 text-green-800 dark:bg-green-400/15 dark:text-green-200',
  teal: 'bg-teal-500/12 text-teal-800 dark:bg-teal-400/15 dark:text-teal-200',
  blue: 'bg-blue-500/12 text-blue-700 dark:bg-blue-400/15 dark:text-blue-200',
  purple: 'bg-purple-500/12 text-purple-700 dark:bg-purple-400/15 dark:text-purple-200',
};

/** The palette's colours with their names as the colour picker says them. */
export const TAG_COLOR_LABEL: Record<TagColor, string> = {
  gray: 'Grey',
  red: 'Red',
  orange: 'Orange',
  amber: 'Amber',
  green: 'Green',
  teal: 'Teal',
  blue: 'Blue',
  purple: 'Purple',
};
