import { useCallback, type ReactNode } from 'react';
import { useUpgradePrompt, type UpgradePromptTexts } from '@/components/premium-prompt';
import { TEAM_FEATURE_MESSAGE, TEAM_FEATURE_TITLE } from '../lib/errors';

/** The offer's text already says that teams need the Team plan: the question adds no more. */
const TEAM_UPGRADE_TEXTS: UpgradePromptTexts = {
  toastTitle: TEAM_FEATURE_TITLE,
  title: 'Upgrade to Team',
  question: 'Would you like to view the plans?',
};

/**
 * The premium flow, for the TEAM plan: a destructive 'Team feature' toast,
 * then a confirm that leads to /pricing when accepted. Render `upgradeDialog` once.
 */
export function useTeamUpgradePrompt(): { promptUpgrade: () => void; upgradeDialog: ReactNode } {
  const { promptUpgrade: prompt, upgradeDialog } = useUpgradePrompt(TEAM_UPGRADE_TEXTS);
  const promptUpgrade = useCallback(() => prompt(TEAM_FEATURE_MESSAGE), [prompt]);
  return { promptUpgrade, upgradeDialog };
}
