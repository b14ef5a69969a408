import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { toast } from '@/lib/toast';
import { TEAM_FEATURE_MESSAGE, TEAM_FEATURE_TITLE } from '../lib/errors';

export const TEAM_UPGRADE_QUESTION = 'Would you like to view our Team plan?';

/**
 * The premium flow of spec section 8, for the TEAM plan: a destructive 'Team Feature' toast,
 * then a confirm that leads to /pricing when accepted. Render `upgradeDialog` once.
 */
export function useTeamUpgradePrompt(): { promptUpgrade: () => void; upgradeDialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();

  const promptUpgrade = useCallback(() => {
    toast({ variant: 'destructive', title: TEAM_FEATURE_TITLE, description: TEAM_FEATURE_MESSAGE });
    setOpen(true);
  }, []);

  const upgradeDialog = (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Upgrade to Team</AlertDialogTitle>
          <AlertDialogDescription>
            Teams are part of the Team plan. {TEAM_UPGRADE_QUESTION}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>No, thanks</AlertDialogCancel>
          <AlertDialogAction onClick={() => void navigate('/pricing')}>
            Yes, view plans
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );

  return { promptUpgrade, upgradeDialog };
}
