import { useCallback, type ReactNode } from 'react';
import { useUpgradePrompt, type UpgradePromptTexts } from '@/components/premium-prompt';
import { TEAM_FEATURE_MESSAGE, TEAM_FEATURE_TITLE } from '../lib/errors';

export const TEAM_UPGRADE_QUESTION = 'Would you like to view our Team plan?';

const TEAM_UPGRADE_TEXTS: UpgradePromptTexts = {
  toastTitle: TEAM_FEATURE_TITLE,
  title: 'Upgrade to Team',
  question: `Teams are part of the Team plan. ${TEAM_UPGRADE_QUESTION}`,
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
