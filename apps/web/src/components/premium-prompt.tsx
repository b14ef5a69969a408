import { SparklesIcon } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/** The question asked after a premium-only action was refused. */
export const PREMIUM_CONFIRM_QUESTION = 'Would you like to view our premium plans?';

/**
 * What an upgrade prompt says: `toastTitle` names the feature (it heads the offer's text),
 * then the offer's title and question.
 */
export interface UpgradePromptTexts {
  toastTitle: string;
  title: string;
  question: string;
}

const PREMIUM_TEXTS: UpgradePromptTexts = {
  toastTitle: 'Premium feature',
  title: 'Upgrade to Premium',
  question: PREMIUM_CONFIRM_QUESTION,
};

/**
 * The offer after an action the plan does not include, for any plan: one dialog (no error
 * toast) with `texts.title`, the refused action's `description` and `texts.question`, which
 * leads to /pricing when accepted. Render `upgradeDialog` once in the component using it.
 * Better still, show the offer before the action (PremiumPanel `compact` above the form).
 */
export function useUpgradePrompt(texts: UpgradePromptTexts): {
  promptUpgrade: (description: string) => void;
  upgradeDialog: ReactNode;
} {
  const [open, setOpen] = useState(false);
  // Kept after closing, so the text does not vanish while the dialog fades out.
  const [description, setDescription] = useState('');
  const navigate = useNavigate();
  const { toastTitle, title, question } = texts;

  const promptUpgrade = useCallback((text: string) => {
    setDescription(text);
    setOpen(true);
  }, []);

  const upgradeDialog = (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={
        <span className="flex items-center gap-2">
          <SparklesIcon aria-hidden="true" className="size-5 shrink-0 text-primary" />
          {title}
        </span>
      }
      description={
        <>
          <span className="block font-medium text-foreground">{toastTitle}</span>
          <span className="mt-1 block">{description}</span>
          <span className="mt-2 block">{question}</span>
        </>
      }
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
 * The premium offer: a dialog with `description` and 'Would you like to view our premium
 * plans?' that leads to /pricing when accepted. Render `premiumDialog` once in the component
 * using the hook.
 */
export function usePremiumPrompt(): {
  promptUpgrade: (description: string) => void;
  premiumDialog: ReactNode;
} {
  const { promptUpgrade, upgradeDialog } = useUpgradePrompt(PREMIUM_TEXTS);
  return { promptUpgrade, premiumDialog: upgradeDialog };
}
