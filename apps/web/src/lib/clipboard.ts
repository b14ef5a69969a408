import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from './toast';

/** How long a Copy button reads 'Copied!'. */
export const COPIED_INDICATOR_MS = 2000;

/** What the user reads after copying a mailto link, or failing to. */
export const COPY_LINK_SUCCESS = {
  title: 'Link copied!',
  description: 'The mailto link has been copied to your clipboard',
} as const;
export const COPY_FAILURE = {
  title: 'Failed to copy',
  description: 'Please try selecting and copying manually.',
} as const;

/** The pre-Clipboard-API way: select a hidden textarea and ask the browser to copy it. */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  area.style.pointerEvents = 'none';
  document.body.appendChild(area);
  const active = document.activeElement;
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  if (active instanceof HTMLElement) active.focus({ preventScroll: true });
  return ok;
}

/**
 * Puts `text` on the clipboard. The Clipboard API needs a secure context (https or
 * localhost), so a plain-http self-hosted instance falls back to the selection method.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused or document not focused: try the older way before giving up.
    }
  }
  if (!copyWithSelection(text)) throw new Error('Copy failed');
}

export interface CopyMessages {
  title: string;
  description?: string;
}

/**
 * A copy action with its 'Copied!' state (2 s) and the success or failure toast.
 * Use one per button, so each button shows its own state. A button with a label is
 * `components/copy-button.tsx` (`CopyButton`, or `SteadyLabel` for a button of one's own), whose
 * width does not change with 'Copied!'.
 */
export function useCopy(success: CopyMessages = COPY_LINK_SUCCESS) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      try {
        await copyText(text);
      } catch {
        setCopied(false);
        toast({ variant: 'destructive', ...COPY_FAILURE });
        return false;
      }
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
      toast(success);
      return true;
    },
    [success],
  );

  return { copied, copy };
}
