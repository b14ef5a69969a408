import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';
import { toast } from '@/lib/toast';

/** The question asked after a premium-only action was refused. */
export const PREMIUM_CONFIRM_QUESTION = 'Would you like to view our premium plans?';

/** What an upgrade prompt says: its toast's title, then its confirm's title and question. */
export interface UpgradePromptTexts {
  toastTitle: string;
  title: string;
  question: string;
}

const PREMIUM_TEXTS: UpgradePromptTexts = {
  toastTitle: 'Premium Feature',
  title: 'Upgrade to Premium',
  question: PREMIUM_CONFIRM_QUESTION,
};

/**
 * The flow after a refused action, for any plan: a destructive toast
 * (`texts.toastTitle`, `description`), then a confirm with `texts.title` and `texts.question`
 * that leads to /pricing when accepted. Render `upgradeDialog` once in the component using it.
 */
export function useUpgradePrompt(texts: UpgradePromptTexts): {
  promptUpgrade: (description: string) => void;
  upgradeDialog: ReactNode;
} {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { toastTitle, title, question } = texts;

  const promptUpgrade = useCallback(
    (description: string) => {
      toast({ variant: 'destructive', title: toastTitle, description });
      setOpen(true);
    },
    [toastTitle],
  );

  const upgradeDialog = (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={title}
      description={question}
      cancelLabel="No, thanks"
      confirmLabel="Yes, view plans"
      onConfirm={() => {
        void navigate('/pricing');
        setOpen(false);
      }}
    />
  );

  return { promptUpgrade, upgradeDialog };
}

/**
 * The premium flow: a destructive 'Premium Feature' toast with
 * `description`, then a confirm 'Would you like to view our premium plans?' that leads to
 * /pricing when accepted. Render `premiumDialog` once in the component using the hook.
 */
export function usePremiumPrompt(): {
  promptUpgrade: (description: string) => void;
  premiumDialog: ReactNode;
} {
  const { promptUpgrade, upgradeDialog } = useUpgradePrompt(PREMIUM_TEXTS);
  return { promptUpgrade, premiumDialog: upgradeDialog };
}
