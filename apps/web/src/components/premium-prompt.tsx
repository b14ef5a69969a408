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
} from './ui/alert-dialog';
import { toast } from '@/lib/toast';

/** Spec section 8: the question asked after a premium-only action was refused. */
export const PREMIUM_CONFIRM_QUESTION = 'Would you like to view our premium plans?';

/**
 * The premium flow of spec section 8: a destructive 'Premium Feature' toast with
 * `description`, then a confirm 'Would you like to view our premium plans?' that leads to
 * /pricing when accepted. Render `premiumDialog` once in the component using the hook.
 */
export function usePremiumPrompt(): {
  promptUpgrade: (description: string) => void;
  premiumDialog: ReactNode;
} {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();

  const promptUpgrade = useCallback((description: string) => {
    toast({ variant: 'destructive', title: 'Premium Feature', description });
    setOpen(true);
  }, []);

  const premiumDialog = (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Upgrade to Premium</AlertDialogTitle>
          <AlertDialogDescription>{PREMIUM_CONFIRM_QUESTION}</AlertDialogDescription>
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

  return { promptUpgrade, premiumDialog };
}
